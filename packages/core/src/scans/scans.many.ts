// Scan many (docs/api.md, Scans: scan many): the scans of selected assets, a project or the whole workspace, started
// in one transaction through the one start path (insertScan: ownership proven, one active scan per asset) and queued
// with their jobs in one statement. An asset that cannot be scanned is answered with its reason and changes nothing;
// the plan's concurrency holds the started ones in the queue (claimScan), which the answer says (`waiting`).
import { AppError, ErrorCode } from "../errors.ts";
import type { ScopedTx } from "../db/scoped.ts";
import { sqlIn } from "../jobs/sql-in.ts";
import { PLANS } from "../plans.ts";
import type { PortScanMode } from "../scan-profiles.ts";
import type { ServiceContext } from "../service-context.ts";
import { scanJob } from "./scans.run.ts";
import { SCAN_REFUSAL_CODES, type BulkScanResult, type StartScansInput } from "./scans.schemas.ts";
import { insertScan, saveScanProfile, scanQueue } from "./scans.service.ts";

type Refusal = Pick<BulkScanResult, "code" | "reason" | "activeScanId">;
const REFUSALS = new Set<string>(SCAN_REFUSAL_CODES);

/** A start's refusal in words, or the error itself when it is not one a bulk start answers per asset. */
async function refusalOf(tx: ScopedTx, assetId: number, err: unknown): Promise<Refusal> {
  if (!(err instanceof AppError) || !REFUSALS.has(err.appCode)) throw err;
  const active =
    err.appCode === "SCAN_ALREADY_ACTIVE"
      ? await tx.scan.findFirst({ where: { assetId, status: { in: ["queued", "running"] } }, select: { id: true } })
      : null;
  return { code: err.appCode as Refusal["code"], reason: err.message, activeScanId: active?.id ?? null };
}

export type ScanAttempt = { assetId: number; value: string | null; scanId: number | null } & Refusal;

/**
 * Starts a scan of each asset, in the caller's transaction and in the order given, and queues the started ones' jobs
 * in one statement; the profile, when given, is saved on each asset that starts. Each refusal is answered, not thrown:
 * insertScan writes nothing before it refuses, so the transaction goes on. The scheduler's slots share it.
 */
export async function insertScans(
  tx: ScopedTx,
  sc: ServiceContext<"jobs">,
  assets: { id: number; value: string | null }[],
  start: { trigger: "manual" | "schedule"; scheduleId?: number; profile?: PortScanMode },
): Promise<ScanAttempt[]> {
  const attempts: ScanAttempt[] = [];
  for (const asset of assets) {
    const base = { assetId: asset.id, value: asset.value };
    if (asset.value === null) {
      attempts.push({
        ...base,
        scanId: null,
        code: "NOT_FOUND",
        reason: "no such asset in this workspace",
        activeScanId: null,
      });
      continue;
    }
    try {
      const scan = await insertScan(tx, sc, asset.id, { trigger: start.trigger, scheduleId: start.scheduleId });
      await saveScanProfile(tx, sc, asset.id, start.profile);
      attempts.push({ ...base, scanId: scan.id, code: null, reason: null, activeScanId: null });
    } catch (err) {
      attempts.push({ ...base, scanId: null, ...(await refusalOf(tx, asset.id, err)) });
    }
  }
  const payloads = attempts.flatMap((a) => (a.scanId ? [{ scanId: a.scanId, workspaceId: sc.workspaceId }] : []));
  if (payloads.length) await scanQueue(sc).enqueueMany(scanJob, payloads, { transaction: sqlIn(tx) });
  return attempts;
}

/** The assets a bulk start names, in order: asked ids (unknown ones with a null value), a project's, or all. */
async function targetsOf(tx: ScopedTx, input: StartScansInput) {
  const select = { id: true, value: true } as const;
  if (input.assetIds) {
    const ids = [...new Set(input.assetIds)];
    const found = new Map((await tx.asset.findMany({ where: { id: { in: ids } }, select })).map((a) => [a.id, a]));
    return ids.map((id) => found.get(id) ?? { id, value: null });
  }
  if (input.projectId) {
    const project = await tx.project.findUnique({ where: { id: input.projectId }, select: { id: true } });
    if (!project)
      throw new AppError(404, ErrorCode.NOT_FOUND, "projectId: no such project in this workspace", {
        field: "projectId",
      });
  }
  return tx.asset.findMany({ where: { projectId: input.projectId }, select, orderBy: { id: "asc" } });
}

/** Starts the scans of many assets at once; one answer per asset (docs/api.md, Scans: scan many). */
export async function startScans(sc: ServiceContext<"jobs">, input: StartScansInput) {
  scanQueue(sc);
  return sc.db.$transaction(
    async (tx) => {
      const { plan } = await tx.workspace.findUniqueOrThrow({ where: { id: sc.workspaceId }, select: { plan: true } });
      // Scans already ahead of these in the workspace: a started one past the plan's concurrency waits for them.
      const ahead = await tx.scan.count({ where: { status: { in: ["queued", "running"] } } });
      const attempts = await insertScans(tx, sc, await targetsOf(tx, input), {
        trigger: "manual",
        profile: input.profile,
      });
      const concurrentScans = PLANS[plan].concurrentScans;
      let position = ahead;
      const results: BulkScanResult[] = attempts.map((a) => ({
        ...a,
        started: a.scanId !== null,
        waiting: a.scanId !== null && position++ >= concurrentScans,
      }));
      const started = results.filter((r) => r.started).length;
      return {
        started,
        notStarted: results.length - started,
        waiting: results.filter((r) => r.waiting).length,
        concurrentScans,
        results,
      };
    },
    { timeout: 120_000 },
  );
}
