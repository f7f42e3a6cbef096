// Non-JSON answers (CSV, JSON streams, later HTML, PDF, PNG). A procedure
// with `meta.file` returns a FileResponse; the REST server streams it from a
// plain route next to the OpenAPI adapter, after the same middleware chain.
export interface FileResponse {
  contentType: string;
  /** Suggested download name (Content-Disposition: attachment). */
  filename?: string;
  body: AsyncIterable<string | Uint8Array> | Uint8Array | string;
}
