// The door into the domain. Every way in (a dashboard session, an API key, an
// OAuth access token, the operator's CLI, a background job) becomes an Actor
// here, and `actAs` is the one place that enters the actor's workspace:
//   identify   -> 401 UNAUTHENTICATED (session), INVALID_API_KEY / INVALID_TOKEN (Bearer)
//   authorize  -> 403 SESSION_REQUIRED, SCOPE_REQUIRED, ROLE_REQUIRED (from the procedure's meta)
//   spend      -> 429 RATE_LIMITED; RateLimit-* headers for keys and tokens (sessions are not metered)
//   actAs      -> runs a service with a ServiceContext in the actor's workspace scope
import type { Role } from "@ems/db";
import type { Actor } from "./actors.ts";
import { authenticateBearer } from "./auth/bearer.ts";
import { runInWorkspace } from "./db/scoped.ts";
import { dashed } from "./enum-names.ts";
import { AppError, ErrorCode } from "./errors.ts";
import { rateLimitHeaders } from "./rate-limit/budgets.ts";
import type { Scope } from "./scopes.ts";
import {
  type ContextParts,
  type PartsOf,
  serviceContext,
  type Services,
  type ServiceContext,
} from "./service-context.ts";

export type { Actor } from "./actors.ts";

/**
 * A dashboard session: who, in which workspace, and the user's session version when it was signed in (a password
 * change moves the user's on, which ends every session signed in before; absent counts as 0).
 */
export interface DashboardSession {
  userId: number;
  workspaceId: number;
  sessionVersion?: number;
}

/** What a request presents: a dashboard session (or none), or an `Authorization` header. */
export type Credential =
  { kind: "session"; session: DashboardSession | null } | { kind: "bearer"; authorization: string | undefined };

/** Where the request comes from, for the audit log. */
export interface Client {
  ip?: string;
  userAgent?: string;
}

/** What a procedure asks of its callers (from its meta; see trpc.ts). */
export interface Requirement {
  /** Refuses API keys and OAuth tokens. */
  dashboardOnly?: boolean;
  /** Scope a key or token must hold. */
  scope?: Scope;
  /** Which budget a call spends; read-only people may only read. */
  kind: "read" | "write";
  /** Lowest role of a person (default: read-only for reads, member for writes). */
  minRole?: Role;
}

export const ROLE_RANK: Record<Role, number> = { read_only: 0, member: 1, admin: 2, owner: 3 };

/** The role a requirement needs of a person. */
export const neededRole = (req: Requirement): Role => req.minRole ?? (req.kind === "write" ? "member" : "read_only");

type SessionCredential = Extract<Credential, { kind: "session" }>;

async function sessionActor(
  services: Pick<Services, "db">,
  { session }: SessionCredential,
  client: Client,
): Promise<Actor> {
  if (!session) throw new AppError(401, ErrorCode.UNAUTHENTICATED, "Sign in first");
  const member = await services.db.prisma.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: session.workspaceId, userId: session.userId } },
    select: { role: true, user: { select: { email: true, sessionVersion: true } } },
  });
  if (!member) {
    throw new AppError(401, ErrorCode.UNAUTHENTICATED, "Your session is not valid for this workspace; sign in again");
  }
  if ((session.sessionVersion ?? 0) !== member.user.sessionVersion) {
    throw new AppError(401, ErrorCode.UNAUTHENTICATED, "Your password was changed; sign in again");
  }
  return {
    workspaceId: session.workspaceId,
    type: "user",
    id: session.userId,
    userId: session.userId,
    name: member.user.email,
    channel: "dashboard",
    role: member.role,
    ...client,
  };
}

/** Who acts, and in which workspace: the credential checked against the database. */
export async function identify(
  services: Pick<Services, "db" | "keys" | "now">,
  credential: Credential,
  client: Client = {},
): Promise<Actor> {
  if (credential.kind === "session") return sessionActor(services, credential, client);
  return {
    ...(await authenticateBearer(services.db.pool, services.keys, credential.authorization, services.now().getTime())),
    ...client,
  };
}

/** Throws unless the actor may call a procedure with this requirement. */
export function authorize(actor: Actor, req: Requirement) {
  const person = actor.channel === "dashboard";
  if (req.dashboardOnly && !person) {
    throw new AppError(
      403,
      ErrorCode.SESSION_REQUIRED,
      "This route is available in the dashboard only; API keys and OAuth tokens cannot use it",
    );
  }
  if (actor.scopes && req.scope && !actor.scopes.includes(req.scope)) {
    throw new AppError(403, ErrorCode.SCOPE_REQUIRED, `This route needs the scope ${req.scope}`);
  }
  if (person) {
    const needed = neededRole(req);
    if (ROLE_RANK[actor.role ?? "read_only"] < ROLE_RANK[needed]) {
      throw new AppError(
        403,
        ErrorCode.ROLE_REQUIRED,
        `Your role (${dashed(actor.role ?? "read_only")}) cannot do this; it needs ${dashed(needed)} or above`,
      );
    }
  }
}

/** Identifies, authorizes and spends the budget: the actor, and the RateLimit-* headers of a metered credential. */
export async function admit(
  services: Pick<Services, "db" | "keys" | "now" | "budgets">,
  credential: Credential,
  req: Requirement,
  client: Client = {},
) {
  const actor = await identify(services, credential, client);
  authorize(actor, req);
  const headers = actor.budgetKey ? rateLimitHeaders(await services.budgets[req.kind].consume(actor.budgetKey)) : {};
  return { actor, headers };
}

/**
 * Runs fn in the actor's workspace with the ServiceContext services take: the
 * one way into a workspace (requests, jobs, the CLI, OAuth). Queries on
 * workspace-owned models outside of it throw (db/scoped.ts).
 */
export type InWorkspace<T> = (sc: ServiceContext<keyof Services>) => PromiseLike<T> | T;

/** `services` whole, or the parts a service declared (it re-enters with no more than it was given). */
export const actAs = <T, S extends ContextParts>(
  services: S,
  actor: Actor,
  fn: (sc: ServiceContext<PartsOf<S>>) => PromiseLike<T> | T,
): Promise<T> => runInWorkspace(actor.workspaceId, () => fn(serviceContext(services, actor)));
