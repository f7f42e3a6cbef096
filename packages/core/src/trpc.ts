// The one place where procedure builders and middlewares are defined.
//
// Every procedure declares in its meta: the REST route (openapi), the scope a
// key or token needs, whether it reads or writes, whether it is
// dashboard-only, its success status and whether it is paged. The chain below
// enforces them in this order, with these answers:
//   authenticate  -> 401 INVALID_API_KEY / INVALID_TOKEN (REST), UNAUTHENTICATED (tRPC)
//   authorize     -> 403 SESSION_REQUIRED, 403 SCOPE_REQUIRED, 403 ROLE_REQUIRED
//   rateLimit     -> 429 RATE_LIMITED with Retry-After; RateLimit-* on success
//   respond       -> success status, paging headers, audit/workspace scope
import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Role } from "@ems/db";
import type { Actor } from "./audit/write.ts";
import { authenticateBearer, budgetKey, type Caller } from "./auth/caller.ts";
import type { RequestContext } from "./context.ts";
import { runInWorkspace } from "./db/scoped.ts";
import { serviceContext, type ServiceContext } from "./service-context.ts";
import { AppError, ErrorCode, toAppError } from "./errors.ts";
import type { Page } from "./paging.ts";
import { rateLimitHeaders } from "./rate-limit/budgets.ts";
import type { Scope } from "./scopes.ts";
import { dashed } from "./enum-names.ts";
import { transformer } from "./transformer.ts";

export interface AppMeta extends OpenApiMeta {
  /** Scope an API key or OAuth token must hold. */
  scope?: Scope;
  /** Which budget the call spends, and whether read-only members may call it. */
  kind: "read" | "write";
  /** Refuses API keys and OAuth tokens (403 SESSION_REQUIRED). */
  dashboardOnly?: boolean;
  /** Lowest dashboard role allowed (default: read-only for reads, member for writes). */
  minRole?: Role;
  /** HTTP status of a success over REST (default 200). */
  successStatus?: 200 | 201;
  /** Output is a Page: REST sends its items with X-Total-Count, X-Page, X-Limit. */
  paged?: boolean;
  /** A non-JSON REST route; the procedure returns a FileResponse (see files.ts). */
  file?: { path: string; summary: string; description?: string; tags?: string[]; contentTypes: string[] };
}

export const ROLE_RANK: Record<Role, number> = { read_only: 0, member: 1, admin: 2, owner: 3 };

const t = initTRPC
  .context<RequestContext>()
  .meta<AppMeta>()
  .create({
    transformer,
    // tRPC clients get the same error body as REST callers, under `data`.
    errorFormatter: ({ shape, error }) => {
      const app = toAppError(error);
      return { ...shape, message: app.message, data: { ...shape.data, ...app.toBody(), stack: undefined } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

function actorOf(caller: Caller, ctx: RequestContext): Actor {
  const base = { workspaceId: caller.workspaceId, ip: ctx.ip, userAgent: ctx.userAgent, name: caller.name };
  switch (caller.kind) {
    case "session":
      return { ...base, type: "user", id: caller.userId, userId: caller.userId, channel: "dashboard" };
    case "api_key":
      return { ...base, type: "api_key", id: caller.apiKeyId, apiKeyId: caller.apiKeyId, channel: "api_key" };
    case "oauth":
      return { ...base, type: "oauth_app", id: caller.appId, oauthAppId: caller.appId, userId: caller.userId ?? undefined, channel: "oauth" };
  }
}

async function sessionCaller(ctx: RequestContext): Promise<Caller> {
  const session = ctx.session;
  if (!session) throw new AppError(401, "UNAUTHENTICATED", "Sign in first");
  const member = await ctx.services.db.prisma.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: session.workspaceId, userId: session.userId } },
    select: { role: true, user: { select: { email: true } } },
  });
  if (!member) throw new AppError(401, "UNAUTHENTICATED", "Your session is not valid for this workspace; sign in again");
  return { kind: "session", workspaceId: session.workspaceId, userId: session.userId, name: member.user.email, role: member.role };
}

/** The builder for every workspace procedure; give it `.meta(...)`. */
export const procedure = t.procedure
  // authenticate: a Bearer credential over REST, the session over tRPC.
  .use(async function authenticate({ ctx, next }) {
    const caller = ctx.channel === "rest" ? await authenticateBearer(ctx.services.db.pool, ctx.authorization) : await sessionCaller(ctx);
    return next({ ctx: { caller } });
  })
  // authorize: session-only routes, then scopes (keys, tokens), then roles (people).
  .use(async function authorize({ ctx: { caller }, meta, next }) {
    if (meta?.dashboardOnly && caller.kind !== "session") {
      throw new AppError(403, ErrorCode.SESSION_REQUIRED, "This route is available in the dashboard only; API keys and OAuth tokens cannot use it");
    }
    if (caller.kind !== "session" && meta?.scope && !caller.scopes.includes(meta.scope)) {
      throw new AppError(403, ErrorCode.SCOPE_REQUIRED, `This route needs the scope ${meta.scope}`);
    }
    if (caller.kind === "session") {
      const needed = meta?.minRole ?? (meta?.kind === "write" ? "member" : "read_only");
      if (ROLE_RANK[caller.role] < ROLE_RANK[needed]) {
        throw new AppError(403, ErrorCode.ROLE_REQUIRED, `Your role (${dashed(caller.role)}) cannot do this; it needs ${dashed(needed)} or above`);
      }
    }
    return next();
  })
  // rateLimit: per-credential budgets for keys and tokens; dashboard sessions are not metered.
  .use(async function rateLimit({ ctx, meta, next }) {
    if (ctx.caller.kind !== "session") {
      const state = await ctx.services.budgets[meta?.kind ?? "read"].consume(budgetKey(ctx.caller));
      Object.assign(ctx.response.headers, rateLimitHeaders(state));
    }
    return next();
  })
  // respond: runs the handler in the caller's workspace scope with ctx.db (the
  // scoped client) and ctx.actor (for audit), then shapes the REST answer.
  .use(async function respond({ ctx, meta, next }) {
    const { caller } = ctx;
    const result = await runInWorkspace(caller.workspaceId, () =>
      next({ ctx: serviceContext(ctx.services, actorOf(caller, ctx)) }),
    );
    if (!result.ok || ctx.channel !== "rest") return result;
    if (meta?.successStatus) ctx.response.status = meta.successStatus;
    if (meta?.paged) {
      const page = result.data as Page<unknown>;
      Object.assign(ctx.response.headers, {
        "X-Total-Count": String(page.total),
        "X-Page": String(page.page),
        "X-Limit": String(page.limit),
      });
      return { ...result, data: page.items };
    }
    return result;
  });

export type ProcedureContext = ServiceContext & { caller: Caller } & RequestContext;
