import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@ems/core";
import { dashboardContext, sameOrigin } from "@/server/context";

function handler(req: Request) {
  if (!sameOrigin(req)) {
    return Response.json(
      { error: { message: "Cross-site request refused", data: { code: "CSRF", status: 403 } } },
      { status: 403 },
    );
  }
  return fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter, createContext: dashboardContext });
}

export { handler as GET, handler as POST };
