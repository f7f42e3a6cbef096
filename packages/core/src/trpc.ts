// The one place where procedure builders and middlewares are defined.
//
// Every procedure declares in its meta: its REST route (openapi, or file for
// non-JSON answers), what it asks of callers (scope, kind, dashboardOnly,
// minRole: checked by door.ts) and how REST shapes its answer (successStatus,
// paged: applied by rest/respond.ts). The chain is one middleware: through
// the door (identify, authorize, spend the budget) into the actor's workspace.
import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { RequestContext } from "./request-context.ts";
import { actAs, admit, type Requirement } from "./door.ts";
import { toAppError } from "./errors.ts";
import { transformer } from "./transformer.ts";

export interface AppMeta extends OpenApiMeta, Requirement {
  /** HTTP status of a success over REST (default 200). */
  successStatus?: 200 | 201 | 202;
  /** Output is a Page: REST sends its items with X-Total-Count, X-Page, X-Limit. */
  paged?: boolean;
  /** A non-JSON REST route; the procedure returns a FileResponse (see rest/files.ts). */
  file?: { path: string; summary: string; description?: string; tags?: string[]; contentTypes: string[] };
}

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

const entered = t.procedure.use(async function enter({ ctx, meta, next }) {
  // Fails closed: a procedure that declared no requirement is served to no one (the builder below cannot make one).
  if (!meta?.kind) throw new Error("This procedure declares no requirement (meta.kind): it is not served");
  const actor = ctx.admitted ?? (await admit(ctx.services, ctx.credential, meta, ctx.client)).actor;
  return actAs(ctx.services, actor, (sc) => next({ ctx: sc }));
});

/**
 * The builder for every workspace procedure. It starts with `.meta(...)` (whose `kind` is required) and offers
 * nothing else: a procedure without its requirement does not type-check (and `router.test.ts` checks every procedure
 * of the router). Handlers get a ServiceContext.
 */
export const procedure = { meta: (meta: AppMeta) => entered.meta(meta) };
