// tRPC context for a dashboard request: the session, the client's IP and user agent.
import { headers } from "next/headers";
import { sessionContext } from "@ems/core";
import { currentSession, dashboardSession } from "./auth";
import { services } from "./services";

export async function dashboardContext() {
  const [session, h] = await Promise.all([currentSession(), headers()]);
  const ip = h.get("x-forwarded-for")?.split(",")[0]?.trim() ?? h.get("x-real-ip") ?? undefined;
  return sessionContext(services(), session ? dashboardSession(session) : null, {
    ip,
    userAgent: h.get("user-agent") ?? undefined,
  });
}

/**
 * CSRF: a state-changing request must come from our own origin. Browsers send
 * Origin on every cross-site POST; tRPC's JSON bodies also need a CORS
 * preflight that we never grant.
 */
export function sameOrigin(req: Request): boolean {
  if (req.method === "GET" || req.method === "HEAD") return true;
  const origin = req.headers.get("origin");
  if (!origin) return false;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  return new URL(origin).host === host;
}
