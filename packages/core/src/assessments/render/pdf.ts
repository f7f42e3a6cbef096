// The PDF of an assessment: our own HTML printed by headless Chromium
// (playwright-core, launched like the screenshot browser and kept warm: see
// pdf-browser.ts). The page is ours, not a hostile site's, but it still gets
// no network: every request is aborted and the resolver maps every host to
// nothing. Page numbers come from Chromium's footer template; the cover is the
// HTML's first page.
import { escapeHtml } from "./escape.ts";
import { pdfContext, type PdfBrowserConfig } from "./pdf-browser.ts";

/** How long one PDF may take, start to finish. */
const PDF_TIMEOUT_MS = 60_000;

const FOOTER_STYLE = "font: 8px sans-serif; color: #64748b; width: 100%; padding: 0 16mm;";

export async function renderPdf(
  html: string,
  opts: { net: PdfBrowserConfig; title: string },
): Promise<Uint8Array<ArrayBuffer>> {
  const context = await pdfContext(opts.net, PDF_TIMEOUT_MS);
  try {
    await context.route("**/*", (route) => route.abort("blockedbyclient"));
    const page = await context.newPage();
    page.setDefaultTimeout(PDF_TIMEOUT_MS);
    await page.setContent(html, { waitUntil: "load" });
    const pdf = await page.pdf({
      format: "A4",
      printBackground: true,
      preferCSSPageSize: true,
      displayHeaderFooter: true,
      headerTemplate: `<div style="${FOOTER_STYLE} text-align: right;">${escapeHtml(opts.title)}</div>`,
      footerTemplate:
        `<div style="${FOOTER_STYLE} text-align: center;">` +
        `Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>`,
    });
    return new Uint8Array(pdf);
  } finally {
    await context.close().catch(() => undefined); // the browser may have died with the page
  }
}
