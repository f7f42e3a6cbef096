import type { Prisma } from "@ems/db";
import { writeAudit } from "../audit/write.ts";
import { AppError, ErrorCode, notFound } from "../errors.ts";
import { type PagingInput } from "../paging.ts";
import { defineList, listPage } from "../db/list-page.ts";
import type { ServiceContext } from "../service-context.ts";
import type { ScopedTx } from "../db/scoped.ts";
import { dateRange } from "../dates.ts";
import { listScanFindings } from "../findings/findings.service.ts";
import { listIssuesWhere } from "../issues/issues.service.ts";
import { z } from "zod";
import {
  SCAN_SORT,
  scanCapSchema,
  scanFocusSchema,
  type ListScansInput,
  type ScanFocusValue,
  type scanSchema,
} from "./scans.schemas.ts";
import type { FindingListQuery } from "../findings/findings.service.ts";
import type { IssueListQuery } from "../issues/issues.service.ts";
import { MAX_SCAN_ATTEMPTS } from "./scans.watchdog.ts";
import { sqlIn } from "../jobs/sql-in.ts";
import { scanJob } from "./scans.run.ts";
import type { PortScanMode } from "../scan-profiles.ts";

const include = {
  asset: { select: { id: true, value: true, type: true, projectId: true } },
  createdBy: { select: { id: true, email: true } },
} as const;
type ScanRow = Prisma.ScanGetPayload<{ include: typeof include }>;

type Scan = z.output<typeof scanSchema>;

export const presentScan = (s: ScanRow): Scan => ({
  id: s.id,
  assetId: s.assetId,
  asset: s.asset,
  status: s.status,
  trigger: s.trigger,
  stage: s.stage,
  progress: s.progress,
  error: s.error,
  attempts: s.attempts,
  maxAttempts: MAX_SCAN_ATTEMPTS,
  retryReason: s.retryReason,
  findingsCount: s.findingsCount,
  stages: s.stages as Scan["stages"],
  createdBy: s.createdBy,
  focus: s.focus === null ? null : (scanFocusSchema.safeParse(s.focus).data ?? null),
  ...capsOf(s.caps),
  createdAt: s.createdAt,
  startedAt: s.startedAt,
  finishedAt: s.finishedAt,
  heartbeatAt: s.heartbeatAt,
});

/** The stored caps (an array written by the engine), and whether they make the scan partial. */
export function capsOf(stored: Prisma.JsonValue): Pick<Scan, "completeness" | "caps"> {
  const caps = z.array(scanCapSchema).safeParse(stored).data ?? [];
  return { completeness: caps.length ? "partial" : "complete", caps };
}

type ScanFilter = {
  assetId?: number;
  status?: ListScansInput["status"] | ("queued" | "running")[];
  projectId?: number;
  from?: string;
  to?: string;
};

/** The scans list, declared once (db/list-page.ts). */
export const SCAN_LIST = defineList<ScanFilter, Prisma.ScanWhereInput, ScanRow, Scan, keyof typeof SCAN_SORT>("scans", {
  // No filter, or one status or project alone: kept by triggers (tally_keys_scan).
  tally: { keys: "tally_keys_scan", prefix: "scans", fields: ["status", "projectId"] },
  sorts: SCAN_SORT,
  defaultSort: "createdAt",
  search: { fields: [], asset: true },
  where: ({ assetId, status, projectId, from, to }) => ({
    assetId,
    status: Array.isArray(status) ? { in: status } : status,
    projectId,
    createdAt: dateRange(from, to),
  }),
  model: (sc) => ({
    ids: (args) => sc.db.scan.findMany({ ...args, select: { id: true } }),
    rows: (args) => sc.db.scan.findMany({ ...args, include }),
    count: (where) => sc.db.scan.count({ where }),
  }),
  present: presentScan,
});

/** Newest first, unless sorted otherwise. */
export const listScans = (sc: ServiceContext, input: ListScansInput) => {
  const { assetId, status, projectId, from, to } = input;
  return listPage(sc, SCAN_LIST, { assetId, status, projectId, from, to }, input);
};

/** Queued and running scans, newest first (of one project when asked); counted, never tallied. */
export const listActiveScans = (sc: ServiceContext, input: PagingInput & { projectId?: number }) =>
  listPage(
    sc,
    { ...SCAN_LIST, tally: undefined },
    { status: ["queued", "running"], projectId: input.projectId },
    input,
  );

export async function requireScan(sc: ServiceContext, id: number) {
  const scan = await sc.db.scan.findUnique({ where: { id }, include });
  if (!scan) throw notFound("Scan");
  return scan;
}

export const getScan = async (sc: ServiceContext, id: number) => presentScan(await requireScan(sc, id));

/** Most severe first, unless sorted otherwise. */
export async function scanFindings(sc: ServiceContext, id: number, p: FindingListQuery) {
  await requireScan(sc, id);
  return listScanFindings(sc, id, p);
}

export async function scanIssues(sc: ServiceContext, id: number, p: IssueListQuery) {
  await requireScan(sc, id);
  return listIssuesWhere(sc, { scanId: id }, p);
}

/**
 * The checks and writes of starting a scan of a proven asset (one active scan
 * per asset), in the caller's transaction; the caller queues its job. Manual
 * starts and the scheduler share this.
 */
export async function insertScan(
  tx: ScopedTx,
  sc: ServiceContext,
  assetId: number,
  start: { trigger: "manual" | "schedule" | "retest"; scheduleId?: number; focus?: ScanFocusValue },
) {
  // Lock the asset row: two concurrent starts must not both pass the "no active scan" check.
  await tx.$executeRaw`select 1 from "Asset" where id = ${assetId} and "workspaceId" = ${sc.workspaceId} for update`;
  const asset = await tx.asset.findUnique({
    where: { id: assetId },
    select: { id: true, value: true, ownershipVerifiedAt: true },
  });
  if (!asset)
    throw new AppError(404, ErrorCode.NOT_FOUND, "assetId: no such asset in this workspace", { field: "assetId" });
  if (!asset.ownershipVerifiedAt) {
    throw new AppError(
      409,
      ErrorCode.OWNERSHIP_NOT_PROVEN,
      `${asset.value} is not scanned until its ownership is proven (GET /app/assets/${assetId}/ownership says how)`,
    );
  }
  const active = await tx.scan.findFirst({
    where: { assetId, status: { in: ["queued", "running"] } },
    select: { id: true },
  });
  if (active)
    throw new AppError(
      409,
      ErrorCode.SCAN_ALREADY_ACTIVE,
      `Scan ${active.id} of ${asset.value} is still active; wait for it or cancel it (DELETE /app/scans/${active.id})`,
    );
  const created = await tx.scan.create({
    data: {
      workspaceId: sc.workspaceId,
      assetId,
      trigger: start.trigger,
      scheduleId: start.scheduleId ?? null,
      ...(start.focus ? { focus: start.focus } : {}),
      createdByUserId: sc.actor.userId ?? null,
    },
    include,
  });
  await writeAudit(tx, sc.actor, {
    action: "scan.start",
    resourceType: "scan",
    resourceId: created.id,
    changes: { assetId: { before: null, after: assetId } },
  });
  return created;
}

/** The queue scans are sent to; 503 in a process that has none. */
export function scanQueue(sc: ServiceContext<"jobs">) {
  const jobs = sc.services.jobs;
  if (!jobs) throw new AppError(503, "UNAVAILABLE", "Scans cannot be queued in this process");
  return jobs;
}

/** Saves the profile chosen with a start on the asset (audited as an asset change), in the start's transaction. */
export async function saveScanProfile(tx: ScopedTx, sc: ServiceContext, assetId: number, profile?: PortScanMode) {
  if (!profile) return;
  const { portScanMode } = await tx.asset.findUniqueOrThrow({ where: { id: assetId }, select: { portScanMode: true } });
  if (portScanMode === profile) return;
  await tx.asset.update({ where: { id: assetId }, data: { portScanMode: profile } });
  await writeAudit(tx, sc.actor, {
    action: "asset.update",
    resourceType: "asset",
    resourceId: assetId,
    changes: { portScanMode: { before: portScanMode, after: profile } },
  });
}

/** Queues a manual scan of a proven asset (with the profile chosen, saved on it); one active scan per asset. */
export async function startScan(sc: ServiceContext<"jobs">, assetId: number, profile?: PortScanMode) {
  const jobs = scanQueue(sc);
  const scan = await sc.db.$transaction(async (tx) => {
    const created = await insertScan(tx, sc, assetId, { trigger: "manual" });
    await saveScanProfile(tx, sc, assetId, profile);
    await jobs.enqueue(scanJob, { scanId: created.id, workspaceId: sc.workspaceId }, { transaction: sqlIn(tx) });
    return created;
  });
  return presentScan(scan);
}

/**
 * An active scan is cancelled (its worker stops at the next heartbeat); a finished one is deleted with its findings.
 */
export async function deleteScan(sc: ServiceContext, id: number) {
  return sc.db.$transaction(async (tx) => {
    const scan = await tx.scan.findUnique({ where: { id }, select: { id: true, status: true } });
    if (!scan) throw notFound("Scan");
    if (scan.status === "queued" || scan.status === "running") {
      await tx.scan.update({
        where: { id },
        data: { status: "cancelled", finishedAt: new Date(), error: "cancelled" },
      });
      await writeAudit(tx, sc.actor, {
        action: "scan.cancel",
        resourceType: "scan",
        resourceId: id,
        changes: { status: { before: scan.status, after: "cancelled" } },
      });
      return { message: `Scan ${id} cancelled`, outcome: "cancelled" as const };
    }
    await tx.scan.delete({ where: { id } });
    await writeAudit(tx, sc.actor, {
      action: "scan.delete",
      resourceType: "scan",
      resourceId: id,
      changes: { status: { before: scan.status, after: null } },
    });
    return { message: `Scan ${id} deleted with its findings`, outcome: "deleted" as const };
  });
}
