// What every procedure call starts from (RequestContext), and its one factory.
import type { Actor } from "./actors.ts";
import type { Client, Credential, DashboardSession } from "./door.ts";
import type { Services } from "./service-context.ts";

/**
 * What every procedure call starts from, built per request by requestContext:
 * the credential to identify (door.ts), or the actor an edge already admitted
 * (the REST edge admits before it calls, to send the RateLimit-* headers).
 */
export interface RequestContext {
  services: Services;
  credential: Credential;
  client: Client;
  admitted?: Actor;
  /** What a procedure tells the edge about its answer: a status other than its meta's (200 for a found duplicate). */
  reply: { status?: 200 | 201 };
}

/** The one context factory: the dashboard's tRPC handler and file routes, the REST edge and tests use it. */
export const requestContext = (
  services: Services,
  credential: Credential,
  client: Client = {},
  admitted?: Actor,
): RequestContext => ({ services, credential, client, admitted, reply: {} });

/** A dashboard request: the session (or null when signed out). */
export const sessionContext = (services: Services, session: DashboardSession | null, client: Client = {}) =>
  requestContext(services, { kind: "session", session }, client);
