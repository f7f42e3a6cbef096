// tRPC context for a dashboard request: the session, the client's IP and user agent.
import { headers } from "next/headers";
import { cache } from "react";
import { sessionContext } from "@ems/core";
import { currentSession, dashboardSession } from "./auth";
import { requestClient } from "./request";
import { services } from "./services";

/** Once per server render: the layout's session check and the page's prefetches (trpc/server.tsx) share it. */
export const dashboardContext = cache(async () => {
  const [session, h] = await Promise.all([currentSession(), headers()]);
  const client = requestClient(h);
  return sessionContext(services(), session ? dashboardSession(session) : null, client);
});
