// Non-JSON answers (CSV, JSON streams, PNG, later HTML and PDF). A procedure
// with `meta.file` returns a FileResponse; respond.ts turns it into the HTTP
// answer for the REST edge and the dashboard's file routes alike.
export interface FileResponse {
  contentType: string;
  /** Suggested download name (Content-Disposition: attachment). */
  filename?: string;
  /** How long clients may keep it (Cache-Control). */
  cacheControl?: string;
  /** More response headers (a document's DOCUMENT_HEADERS). */
  headers?: Record<string, string>;
  body: AsyncIterable<string | Uint8Array> | Uint8Array | string;
}

/**
 * What a document the product renders (an assessment report, HTML or PDF) is served with, wherever it is served (REST,
 * the dashboard, share links): no script, no request anywhere, no framing, no type sniffing, no referrer, no indexing.
 */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; " +
    "form-action 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
});
