// Workspace isolation, built into the database client so that it cannot be
// forgotten: every query on a workspace-owned model gets `workspaceId = <the
// caller's workspace>` added to its filter (and to the data it creates).
// The workspace comes from an AsyncLocalStorage set by door.ts (actAs, the one
// caller of runInWorkspace outside tests); a query on such a model
// outside of one throws instead of reading across workspaces.
import { AsyncLocalStorage } from "node:async_hooks";
import type { PrismaClient } from "@ems/db";

/** Models that carry workspaceId (checked against prisma/schema/ by a test). */
export const WORKSPACE_MODELS = [
  "Membership",
  "OverviewVisit",
  "Invitation",
  "SlotPurchase",
  "ApiKey",
  "OAuthApp",
  "OAuthToken",
  "OAuthAuthorizationCode",
  "Project",
  "Asset",
  "OwnershipProof",
  "ScanSchedule",
  "ScanScheduleSkip",
  "Scan",
  "Finding",
  "FindingSecret",
  "Issue",
  "IssueEvent",
  "ListMark",
  "IssueDayCount",
  "AssetIssueCount",
  "AssetRisk",
  "AssetRiskDirty",
  "IssueComment",
  "OpenPort",
  "DiscoveredHostname",
  "DiscoveryRun",
  "AssessmentReport",
  "AuditEntry",
  "WebhookEndpoint",
  "WebhookDelivery",
  "WebhookHeldEvent",
  "SmtpSettings",
  "SlaPolicy",
  "ProjectSlaPolicy",
  "WorkspaceTally",
  "ProblemCount",
  "ExposureLink",
  "AuditDayCount",
  "AuditSearchCount",
] as const;

const scopedModels = new Set<string>(WORKSPACE_MODELS);
// One store per process, even when a bundler (Next) gives each route its own
// copy of this module: the client built by one copy must see the scope set by another.
const globalStore = globalThis as unknown as { emsWorkspaceStore?: AsyncLocalStorage<number> };
const workspaceStore = (globalStore.emsWorkspaceStore ??= new AsyncLocalStorage<number>());

/**
 * Runs fn with its queries scoped to the workspace. Awaits inside the scope:
 * Prisma queries are lazy and run when awaited, so the await must happen here.
 */
export const runInWorkspace = <T>(workspaceId: number, fn: () => PromiseLike<T> | T): Promise<T> =>
  workspaceStore.run(workspaceId, async () => await fn());
export const currentWorkspaceId = () => workspaceStore.getStore();

const INT4_MAX = 2_147_483_647;

/** Ids past int4 cannot exist; asking for one must answer "not found", not a type error. */
function clampIds(where: Record<string, unknown> | undefined) {
  if (!where) return where;
  for (const [key, value] of Object.entries(where)) {
    if ((key === "id" || key.endsWith("Id")) && typeof value === "number" && value > INT4_MAX) where[key] = -1;
  }
  return where;
}

type Args = Record<string, unknown> & {
  where?: Record<string, unknown>;
  data?: unknown;
  create?: Record<string, unknown>;
};

function withWorkspace(operation: string, args: Args, workspaceId: number): Args {
  const a: Args = { ...args };
  switch (operation) {
    case "create":
      a.data = { ...(a.data as object), workspaceId };
      break;
    case "createMany":
    case "createManyAndReturn":
      a.data = (Array.isArray(a.data) ? a.data : [a.data]).map((d: object) => ({ ...d, workspaceId }));
      break;
    case "upsert":
      a.where = { ...clampIds(a.where), workspaceId };
      a.create = { ...a.create, workspaceId };
      break;
    default:
      a.where = { ...clampIds(a.where), workspaceId };
  }
  return a;
}

export function scopedClient(prisma: PrismaClient) {
  return prisma.$extends({
    name: "workspace-scope",
    query: {
      $allModels: {
        $allOperations({ model, operation, args, query }) {
          if (!scopedModels.has(model)) return query(args);
          const workspaceId = workspaceStore.getStore();
          if (workspaceId === undefined) {
            throw new Error(`${model}.${operation} outside of a workspace scope`);
          }
          return query(withWorkspace(operation, args as Args, workspaceId));
        },
      },
    },
  });
}

export type ScopedClient = ReturnType<typeof scopedClient>;
/** The client handed to a transaction callback of the scoped client. */
export type ScopedTx = Parameters<Parameters<ScopedClient["$transaction"]>[0]>[0];
