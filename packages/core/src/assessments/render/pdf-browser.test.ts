// The warm PDF browser: one Chromium reused across reports, a fresh context
// per report (nothing carried over), relaunched after it went away or for
// another configuration, closed on shutdown. Real Chromium (/usr/bin/chromium), launched as the worker does.
import { afterAll, describe, expect, it } from "vitest";
import { defaultNetConfig } from "@ems/scanners";
import { closePdfBrowser, pdfContext } from "./pdf-browser.ts";
import { renderPdf } from "./pdf.ts";

const net = defaultNetConfig;
const TIMEOUT = 60_000;

afterAll(() => closePdfBrowser());

describe("the PDF browser", () => {
  it("is launched once and reused, with a fresh context per report", async () => {
    const first = await pdfContext(net, TIMEOUT);
    const page = await first.newPage();
    await page.setContent("<p>one</p>");
    await first.addCookies([{ name: "leak", value: "1", url: "http://example.test/" }]);
    const second = await pdfContext(net, TIMEOUT);
    expect(second.browser()).toBe(first.browser());
    expect(second).not.toBe(first);
    expect(await second.cookies()).toEqual([]);
    await Promise.all([first.close(), second.close()]);
  }, 90_000);

  it("prints PDFs with it, and launches a new one when it went away", async () => {
    const html = "<html><body><h1>Report</h1></body></html>";
    const pdf = await renderPdf(html, { net, title: "T" });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    const before = (await pdfContext(net, TIMEOUT)).browser()!;
    await before.close(); // as if it crashed
    const again = await renderPdf(html, { net, title: "T" });
    expect(Buffer.from(again.subarray(0, 5)).toString()).toBe("%PDF-");
    const after = (await pdfContext(net, TIMEOUT)).browser()!;
    expect(after).not.toBe(before);
    expect(after.isConnected()).toBe(true);
    await closePdfBrowser();
    expect(after.isConnected()).toBe(false);
  }, 90_000);

  it("launches another browser for another configuration", async () => {
    const html = "<p>x</p>";
    await renderPdf(html, { net, title: "T" });
    const broken = { ...net, chromiumPath: "/nonexistent/chromium" };
    await expect(renderPdf(html, { net: broken, title: "T" })).rejects.toThrow("/nonexistent/chromium");
    const pdf = await renderPdf(html, { net, title: "T" });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
  }, 90_000);
});
