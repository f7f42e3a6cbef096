// Starting discovery runs: on request (POST /app/discovery/run) and by the
// cadence. Either way the run row and its pg-boss job are written in one
// transaction, so a run is queued if and only if it is stored. The cadence
// claims due domain assets with FOR UPDATE SKIP LOCKED (several worker
// processes never start the same run twice) through the (type,
// discoveryDueAt) index, so a tick costs what is due.
import type { Asset } from "@ems/db";
import { writeAudit } from "../audit/write.ts";
import type { Services } from "../service-context.ts";
import type { ScopedTx } from "../db/scoped.ts";
import { actAs } from "../door.ts";
import { discoveryActor } from "../actors.ts";
import { AppError, ErrorCode, notFound, validationError } from "../errors.ts";
import type { SqlInTransaction } from "../jobs/sql-in.ts";
import type { ServiceContext } from "../service-context.ts";
import { presentRun } from "./discovery.present.ts";
import type { RunInput } from "./discovery.schemas.ts";
import { discoveryJob } from "./discovery.job.ts";

export const DISCOVERY_TICK_INTERVAL_MS = 60_000;
const DAY_MS = 86_400_000;
/** Domains claimed per transaction; a tick repeats until fewer are due. */
const BATCH = 100;

/** pg-boss's SQL in the Prisma transaction. */
const sqlIn = (tx: ScopedTx): SqlInTransaction => ({
  executeSql: async (text, values) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values) }),
});

const notProven = (field: string, what: string) =>
  new AppError(
    409,
    ErrorCode.OWNERSHIP_NOT_PROVEN,
    `${field}: ${what} is not proven; discovery only searches under domains whose ownership is proven`,
    { field },
  );

/** Discovery searches under domains, and under subdomains proven by their own proof. */
const searchable = {
  OR: [{ type: "domain" as const }, { type: "subdomain" as const, ownershipMethod: { not: "parent" as const } }],
};

/** The proven assets a run request names: one asset, or every proven domain of a project or the workspace. */
async function runTargets(sc: ServiceContext, input: RunInput): Promise<Asset[]> {
  if (input.assetId !== undefined && input.domain !== undefined)
    throw validationError("domain", "send assetId or domain, not both");
  if (input.assetId !== undefined || input.domain !== undefined) {
    const field = input.assetId !== undefined ? "assetId" : "domain";
    const asset = await sc.db.asset.findFirst({
      where:
        input.assetId !== undefined
          ? { id: input.assetId }
          : { value: input.domain, type: { in: ["domain", "subdomain"] } },
    });
    if (!asset) throw new AppError(404, ErrorCode.NOT_FOUND, `${field}: no such asset in this workspace`, { field });
    if (asset.type !== "domain" && asset.type !== "subdomain")
      throw validationError(field, `asset ${asset.id} is a ${asset.type}; discovery searches under domains`);
    if (input.projectId !== undefined && asset.projectId !== input.projectId)
      throw validationError("projectId", `asset ${asset.id} is not in project ${input.projectId}`);
    if (!asset.ownershipVerifiedAt) throw notProven(field, asset.value);
    return [asset];
  }
  if (input.projectId !== undefined && !(await sc.db.project.findUnique({ where: { id: input.projectId } })))
    throw new AppError(404, ErrorCode.NOT_FOUND, "projectId: no such project in this workspace", {
      field: "projectId",
    });
  const assets = await sc.db.asset.findMany({
    where: { projectId: input.projectId, ownershipVerifiedAt: { not: null }, ...searchable },
    orderBy: { id: "asc" },
  });
  if (!assets.length) throw notProven(input.projectId !== undefined ? "projectId" : "domain", "no domain here");
  return assets;
}

/**
 * Queues a run under the asset unless one is queued or running (that one is returned), and moves the asset's
 * next cadence run an interval on. Runs in the caller's transaction.
 */
export async function queueRun(
  sc: ServiceContext<"discovery" | "jobs">,
  tx: ScopedTx,
  asset: Asset,
  trigger: "manual" | "schedule",
) {
  const now = sc.services.now();
  const days = sc.services.discovery.intervalDays;
  await tx.asset.update({
    where: { id: asset.id },
    data: { discoveryDueAt: days > 0 ? new Date(now.getTime() + days * DAY_MS) : null },
  });
  const active = await tx.discoveryRun.findFirst({
    where: { assetId: asset.id, status: { in: ["queued", "running"] } },
    orderBy: { id: "desc" },
  });
  if (active) return active;
  const run = await tx.discoveryRun.create({
    data: { workspaceId: sc.workspaceId, assetId: asset.id, domain: asset.value, trigger },
  });
  await sc.services.jobs!.enqueue(
    discoveryJob,
    { runId: run.id, workspaceId: sc.workspaceId },
    { transaction: sqlIn(tx) },
  );
  await writeAudit(tx, sc.actor, {
    action: "discovery.run",
    resourceType: "discovery-run",
    resourceId: run.id,
    changes: { domain: { before: null, after: asset.value }, trigger: { before: null, after: trigger } },
  });
  return run;
}

export async function startRuns(sc: ServiceContext<"discovery" | "jobs">, input: RunInput) {
  if (!sc.services.jobs)
    throw new AppError(503, ErrorCode.INTERNAL_ERROR, "This process has no job queue; discovery cannot run here");
  const targets = await runTargets(sc, input);
  const runs = await sc.db.$transaction(async (tx) => {
    const out = [];
    for (const asset of targets) out.push(await queueRun(sc, tx, asset, "manual"));
    return out;
  });
  return { runs: runs.map(presentRun) };
}

export async function getRun(sc: ServiceContext, id: number) {
  const run = await sc.db.discoveryRun.findUnique({ where: { id } });
  if (!run) throw notFound("Discovery run");
  return presentRun(run);
}

/** The cadence's runs appear in the audit log as the system actor "discovery". */

/** Queues a run under every proven domain whose cadence is due at `now`; returns how many were claimed. */
export async function runDiscoveryTick(services: Services, opts: { now?: Date; batch?: number } = {}) {
  if (!services.jobs) throw new Error("the discovery cadence needs services with a job queue");
  if (services.discovery.intervalDays <= 0) return { claimed: 0 };
  const batch = opts.batch ?? BATCH;
  let claimed = 0;
  for (;;) {
    const now = opts.now ?? services.now();
    const n = await services.scoped.$transaction(
      async (tx) => {
        // Raw SQL (the claim crosses workspaces); each row is then handled inside its own workspace.
        const due = await tx.$queryRaw<Asset[]>`
          select * from "Asset"
          where type = 'domain' and ("discoveryDueAt" is null or "discoveryDueAt" <= ${now})
            and "ownershipVerifiedAt" is not null
          order by "discoveryDueAt" nulls first, id limit ${batch} for update skip locked`;
        for (const asset of due)
          await actAs(services, discoveryActor(asset.workspaceId), (sc) => queueRun(sc, tx, asset, "schedule"));
        return due.length;
      },
      { timeout: 60_000, maxWait: 30_000 },
    );
    claimed += n;
    if (n < batch) return { claimed };
  }
}
