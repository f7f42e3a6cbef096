import { describe, expect, it } from "vitest";
import { scanHtml } from "./html.ts";
import { detectTechnologies } from "./technologies.ts";

const names = (list: Array<{ name: string; version: string | null }>) =>
  Object.fromEntries(list.map((t) => [t.name, t.version]));

describe("detectTechnologies", () => {
  it("reads server, x-powered-by, via and cookies", () => {
    const list = detectTechnologies({
      headers: {
        server: "Apache/2.4.57 (Debian)",
        "x-powered-by": "PHP/8.2.12",
        via: "1.1 varnish (Varnish/7.4)",
        "set-cookie": "PHPSESSID=abc; path=/\nlaravel_session=xyz; path=/",
        "x-aspnet-version": "4.0.30319",
      },
    });
    expect(names(list)).toEqual({
      "Apache HTTP Server": "2.4.57",
      PHP: "8.2.12",
      Varnish: null,
      Laravel: null,
      "ASP.NET": "4.0.30319",
    });
    expect(list.find((t) => t.name === "PHP")).toEqual({
      name: "PHP",
      version: "8.2.12",
      category: "language",
      evidence: "x-powered-by: PHP/8.2.12",
    });
  });

  it("reads the page: generator, script paths, framework markers", () => {
    const html = `<!doctype html><html><head>
      <meta name="generator" content="WordPress 6.4.2">
      <link rel="stylesheet" href="/wp-content/themes/x/style.css">
      <script src="https://code.jquery.com/jquery-3.7.1.min.js"></script>
      <script src="https://cdn.jsdelivr.net/npm/bootstrap@5.3.2/dist/js/bootstrap.bundle.min.js"></script>
      <script src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>
      </head><body><app-root ng-version="17.1.0"></app-root><div data-reactroot></div></body></html>`;
    expect(names(detectTechnologies({ headers: { server: "nginx" }, html }))).toEqual({
      nginx: null,
      WordPress: "6.4.2",
      jQuery: "3.7.1",
      Bootstrap: "5.3.2",
      "Google Tag Manager": null,
      Angular: "17.1.0",
      React: null,
    });
  });

  it("recognises Next.js and Nuxt builds", () => {
    expect(
      names(
        detectTechnologies({
          headers: { "x-powered-by": "Next.js" },
          html: '<div id="__next"></div><script src="/_next/static/chunks/main.js"></script>',
        }),
      ),
    ).toEqual({ "Next.js": null });
    expect(
      names(
        detectTechnologies({ headers: {}, html: '<div id="__nuxt"></div><script src="/_nuxt/entry.js"></script>' }),
      ),
    ).toEqual({ Nuxt: null });
    expect(names(detectTechnologies({ headers: {}, html: '<meta name="generator" content="Hugo 0.120.4">' }))).toEqual({
      Hugo: "0.120.4",
    });
  });
});

describe("scanHtml", () => {
  it("finds the title and meta tags, entities decoded", () => {
    const facts = scanHtml(
      '<html><head><TITLE>  Caf&eacute;\n  menu </TITLE><meta name="EMS-Verify" content="tok&amp;1"></head></html>',
    );
    expect(facts.title).toBe("Café menu");
    expect(facts.metas).toEqual([{ name: "ems-verify", content: "tok&1" }]);
  });
  it("has no title when there is none", () => {
    expect(scanHtml("<p>hi</p>").title).toBeNull();
  });
});
