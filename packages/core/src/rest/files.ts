// Non-JSON answers (CSV, JSON streams, PNG, later HTML and PDF). A procedure
// with `meta.file` returns a FileResponse; respond.ts turns it into the HTTP
// answer for the REST edge and the dashboard's file routes alike.
export interface FileResponse {
  contentType: string;
  /** Suggested download name (Content-Disposition: attachment). */
  filename?: string;
  /** How long clients may keep it (Cache-Control). */
  cacheControl?: string;
  body: AsyncIterable<string | Uint8Array> | Uint8Array | string;
}
