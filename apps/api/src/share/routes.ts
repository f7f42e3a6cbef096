// The public pages of share links: /share/{token} (HTML) and
// /share/{token}.pdf, for anyone with the link and no account. Strict: no
// cookies, a CSP that allows only the page's own inline styles and data: images,
// no indexing, no referrer (the token is in the URL), no caching. The token
// never reaches a log: the server's request serializer redacts it (redactShareToken).
import type { FastifyInstance } from "fastify";
import { fileAnswer, viewSharedReport, type Services } from "@ems/core";
import { sendAnswer, sendError } from "../rest/answer.ts";

const PUBLIC_HEADERS = {
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; " +
    "form-action 'none'",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
};

/** `/share/<token>` and `/share/<token>.pdf` with the token replaced, for logs. */
export const redactShareToken = (url: string) => url.replace(/^\/share\/[^/?.]*/i, "/share/[token]");

export function registerShareRoutes(app: FastifyInstance, services: Services) {
  app.get<{ Params: { file: string } }>("/share/:file", async (request, reply) => {
    reply.headers(PUBLIC_HEADERS);
    try {
      const { file } = request.params;
      const pdf = file.endsWith(".pdf");
      const token = pdf ? file.slice(0, -".pdf".length) : file;
      const answer = fileAnswer(await viewSharedReport(services, token, pdf ? "pdf" : "html"));
      return sendAnswer(reply, { ...answer, headers: { ...answer.headers, ...PUBLIC_HEADERS } });
    } catch (err) {
      return sendError(reply, err);
    }
  });
}
