// The dashboard's tRPC endpoint. Before any procedure: a change must come from our own origin (403
// CROSS_SITE_REQUEST), and a body may not pass EMS_BODY_LIMIT (413: a declared length at once, a streamed body as
// it arrives). Both are thrown from the context, so they leave in tRPC's envelope with the common error shape in
// `error.data`, like any procedure's error.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@ems/core";
import { dashboardContext } from "@/server/context";
import { crossSiteRefused, declaredTooLarge, sameOrigin, withLimitedBody } from "@/server/request";

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: withLimitedBody(req),
    router: appRouter,
    createContext: () => {
      if (!sameOrigin(req)) throw crossSiteRefused();
      const tooLarge = declaredTooLarge(req);
      if (tooLarge) throw tooLarge;
      return dashboardContext();
    },
  });
}

export { handler as GET, handler as POST };
