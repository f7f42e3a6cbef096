import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./globals.css";
import { Providers } from "./providers";

export const metadata: Metadata = {
  title: { default: "Exposure Monitoring", template: "%s · Exposure Monitoring" },
  description: "External exposure monitoring",
};

// suppressHydrationWarning: next-themes sets the theme class on <html> before React hydrates.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
