import { randomBytes } from "node:crypto";
import type { AssetType, Prisma } from "@ems/db";
import { parseTarget, type ParsedTarget } from "@ems/scanners";
import { changesOf, writeAudit } from "../audit/write.ts";
import { AppError, ErrorCode, alreadyExists, notFound, validationError } from "../errors.ts";
import { defineList, listPage } from "../db/list-page.ts";
import { buyAssetSlots } from "../plan/plan.service.ts";
import { PLANS } from "../plans.ts";
import type { ScopedTx } from "../db/scoped.ts";
import { type ServiceContext } from "../service-context.ts";
import { lockWorkspace } from "../db/sql.ts";
import { ownershipCoverage } from "./assets.coverage.ts";
import { AUDITED_ASSET_FIELDS, assetInclude, presentAsset } from "./assets.present.ts";
import { ASSET_SORT, type CreateAssetInput, type ListAssetsInput, type UpdateAssetInput } from "./assets.schemas.ts";
import { dashed } from "../enum-names.ts";
import { assetCheckJob, CHECK_ATTEMPTS, type AssetCheckJob } from "./assets.check.ts";

const newOwnershipToken = () => randomBytes(18).toString("base64url");

/** Parses a value for its type with the operator's address policy; a 400 naming `value` otherwise. */
export function parseValue(sc: ServiceContext<"net">, type: AssetType, value: string): ParsedTarget {
  const parsed = parseTarget(type, value, {
    allowPrivate: sc.services.net.allowPrivate,
    allowedRanges: sc.services.net.allowedRanges,
    extraSuffixes: sc.services.net.extraSuffixes,
  });
  if (!parsed.ok) throw validationError("value", parsed.message);
  return parsed.target;
}

export async function requireAsset(sc: ServiceContext, id: number) {
  const asset = await sc.db.asset.findUnique({ where: { id }, include: assetInclude });
  if (!asset) throw notFound("Asset");
  return asset;
}

export async function enqueueCheck(
  sc: ServiceContext<"jobs">,
  assetId: number,
  reason: AssetCheckJob["reason"],
  previousStatus?: AssetCheckJob["previousStatus"],
) {
  await sc.services.jobs?.enqueue(assetCheckJob, { assetId, workspaceId: sc.workspaceId, reason, previousStatus });
}

// ------------------------------------------------------------------ reads

type AssetFilter = Pick<ListAssetsInput, "projectId" | "type" | "status">;
type AssetRow = Prisma.AssetGetPayload<{ include: typeof assetInclude }>;

/** The assets list, declared once (db/list-page.ts); listAssets adds each page's issue counts and last scan. */
export const ASSET_LIST = defineList<AssetFilter, Prisma.AssetWhereInput, AssetRow, AssetRow, keyof typeof ASSET_SORT>(
  "assets",
  {
    // No filter, or one type or status alone: kept by triggers (tally_keys_asset).
    tally: { keys: "tally_keys_asset", prefix: "assets", fields: ["type", "status"] },
    sorts: ASSET_SORT,
    defaultSort: "createdAt",
    search: { fields: ["name", "value"] },
    where: ({ projectId, type, status }) => ({ projectId, type, status }),
    model: (sc) => ({
      ids: (args) => sc.db.asset.findMany({ ...args, select: { id: true } }),
      rows: (args) => sc.db.asset.findMany({ ...args, include: assetInclude }),
      count: (where) => sc.db.asset.count({ where }),
    }),
    present: (row) => row,
  },
);

export async function listAssets(sc: ServiceContext, input: ListAssetsInput) {
  const { projectId, type, status } = input;
  const { items: rows, total } = await listPage(sc, ASSET_LIST, { projectId, type, status }, input);
  const ids = rows.map((r) => r.id);
  const [issues, scans] = ids.length
    ? await Promise.all([
        sc.db.issue.groupBy({
          by: ["assetId", "severity"],
          where: { assetId: { in: ids }, status: { in: ["open", "in_progress"] } },
          _count: { _all: true },
        }),
        sc.db.$queryRaw<{ assetId: number; status: string }[]>`
          select distinct on ("assetId") "assetId", status::text as status from "Scan"
          where "workspaceId" = ${sc.workspaceId} and "assetId" = any(${ids}) order by "assetId", id desc`,
      ])
    : [[], []];
  const items = rows.map((a) => {
    const counts = { open: 0, critical: 0, high: 0, medium: 0, low: 0, info: 0 };
    for (const g of issues.filter((i) => i.assetId === a.id)) {
      counts[g.severity] += g._count._all;
      counts.open += g._count._all;
    }
    return {
      ...presentAsset(a),
      issueCounts: counts,
      ownership: (a.ownershipVerifiedAt ? "proven" : "pending") as "proven" | "pending",
      scanStatus: (scans.find((s) => s.assetId === a.id)?.status ?? null) as
        "queued" | "running" | "completed" | "failed" | "cancelled" | null,
    };
  });
  return { items, total, page: input.page, limit: input.limit };
}

/** Counts by status and type, for the dashboard's filters. */
export async function assetSummary(sc: ServiceContext) {
  const [byStatus, byType] = await Promise.all([
    sc.db.asset.groupBy({ by: ["status"], _count: { _all: true } }),
    sc.db.asset.groupBy({ by: ["type"], _count: { _all: true } }),
  ]);
  return {
    byStatus: Object.fromEntries(byStatus.map((g) => [g.status, g._count._all])),
    byType: Object.fromEntries(byType.map((g) => [g.type, g._count._all])),
    total: byStatus.reduce((n, g) => n + g._count._all, 0),
  };
}

export async function getAsset(sc: ServiceContext, id: number) {
  const asset = await requireAsset(sc, id);
  const open = { assetId: id, status: { in: ["open", "in_progress"] as ("open" | "in_progress")[] } };
  const [bySeverity, openIssues, schedules, provenBy, activeScan, lastCompletedScan] = await Promise.all([
    sc.db.issue.groupBy({ by: ["severity"], where: open, _count: { _all: true } }),
    sc.db.issue.findMany({
      where: open,
      orderBy: [{ severity: "desc" }, { id: "asc" }],
      take: 20,
      select: { id: true, title: true, severity: true, status: true, lastSeenAt: true },
    }),
    sc.db.scanSchedule.findMany({
      where: { assetId: id },
      orderBy: { id: "asc" },
      select: { id: true, name: true, frequency: true, time: true, enabled: true, nextRunAt: true },
    }),
    asset.ownershipMethod === "parent" ? ownershipCoverage(sc.db, asset) : null,
    sc.db.scan.findFirst({
      where: { assetId: id, status: { in: ["queued", "running"] } },
      select: { id: true, status: true, progress: true },
    }),
    sc.db.scan.findFirst({
      where: { assetId: id, status: "completed" },
      orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
      select: { id: true, finishedAt: true },
    }),
  ]);
  const severityBreakdown = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
  for (const g of bySeverity) severityBreakdown[g.severity] = g._count._all;
  return {
    ...presentAsset(asset),
    severityBreakdown,
    openIssues: openIssues.map((i) => ({ ...i, status: dashed(i.status) })),
    schedules,
    technologies: (asset.technologies ?? []) as {
      name: string;
      version: string | null;
      category: string;
      evidence: string;
    }[],
    ownershipProvenBy: provenBy ? { id: provenBy.assetId, value: provenBy.value } : null,
    activeScan: activeScan as { id: number; status: "queued" | "running"; progress: number } | null,
    lastCompletedScan: lastCompletedScan && { id: lastCompletedScan.id, finishedAt: lastCompletedScan.finishedAt! },
    uncoveredRedirectHost: asset.skippedRedirectHost,
    check: { attempts: asset.checkAttempts, maxAttempts: CHECK_ATTEMPTS, screenshotError: asset.screenshotError },
  };
}

// ----------------------------------------------------------------- writes

/** Whether one more asset fits the plan's included and purchased slots (the workspace row is locked by the caller). */
async function freeSlots(sc: ServiceContext, tx: Pick<ServiceContext["db"], "workspace" | "asset">) {
  const ws = await tx.workspace.findUniqueOrThrow({
    where: { id: sc.workspaceId },
    select: { plan: true, purchasedAssetSlots: true },
  });
  const used = await tx.asset.count();
  return { free: PLANS[ws.plan].includedAssets + ws.purchasedAssetSlots - used, used, plan: ws.plan };
}

const slotRequired = (used: number) =>
  new AppError(
    403,
    ErrorCode.ASSET_SLOT_REQUIRED,
    `All ${used} asset slots of this workspace are in use. ` +
      "Buy an additional asset slot in the dashboard (Settings → Plan & slots); " +
      "API keys and OAuth apps cannot buy slots.",
  );

export async function createAsset(sc: ServiceContext<"jobs" | "net" | "payments">, input: CreateAssetInput) {
  const target = parseValue(sc, input.type, input.value);
  const project = await sc.db.project.findUnique({ where: { id: input.projectId }, select: { id: true } });
  if (!project)
    throw new AppError(404, ErrorCode.NOT_FOUND, "projectId: no such project in this workspace", {
      field: "projectId",
    });
  if (await sc.db.asset.findFirst({ where: { type: target.type, value: target.value }, select: { id: true } })) {
    throw alreadyExists("value", `value: ${target.value} is already an asset of this workspace`);
  }

  // The dashboard may buy the missing slot in the same flow; keys and tokens may not.
  const before = await sc.db.$transaction(async (tx) => (await lockWorkspace(tx, sc.workspaceId), freeSlots(sc, tx)));
  if (before.free <= 0) {
    if (!input.buySlot) throw slotRequired(before.used);
    if (sc.actor.channel !== "dashboard")
      throw new AppError(403, ErrorCode.SESSION_REQUIRED, "buySlot: asset slots can only be bought in the dashboard", {
        field: "buySlot",
      });
    requireAdmin(sc);
    await buyAssetSlots(sc, 1);
  }

  const asset = await sc.db.$transaction((tx) => insertAsset(sc, tx, target, input));
  await enqueueCheck(sc, asset.id, "added");
  return presentAsset(asset);
}

/**
 * Adds the asset inside the caller's transaction, counted against the plan's slots (the workspace row is locked
 * first) and proven by a proven parent domain when there is one: the one create path (POST /app/assets, and
 * discovery's add). The caller queues its reachability check after the commit (enqueueCheck).
 */
export async function insertAsset(
  sc: ServiceContext,
  tx: ScopedTx,
  target: ParsedTarget,
  input: Omit<CreateAssetInput, "type" | "value" | "buySlot">,
) {
  await lockWorkspace(tx, sc.workspaceId);
  if (await tx.asset.findFirst({ where: { type: target.type, value: target.value }, select: { id: true } })) {
    throw alreadyExists("value", `value: ${target.value} is already an asset of this workspace`);
  }
  const { free, used } = await freeSlots(sc, tx);
  if (free <= 0) throw slotRequired(used);
  const coverage = await ownershipCoverage(tx, target);
  const created = await tx.asset.create({
    data: {
      workspaceId: sc.workspaceId,
      projectId: input.projectId,
      name: input.name ?? null,
      type: target.type,
      value: target.value,
      bucketProvider: target.type === "bucket" ? target.provider : null,
      portScanMode: input.portScanMode,
      nucleiMinSeverity: input.nucleiMinSeverity,
      disabledScannerTypes: input.disabledScannerTypes ?? [],
      criticality: input.criticality ?? null,
      discoveryAutoAdd: autoAddOf(target.type, input.discoveryAutoAdd) ?? false,
      ownershipToken: newOwnershipToken(),
      // A subdomain of a proven domain is proven by it.
      ...(coverage ? { ownershipVerifiedAt: new Date(), ownershipMethod: "parent" as const } : {}),
    },
    include: assetInclude,
  });
  await writeAudit(tx, sc.actor, {
    action: "asset.create",
    resourceType: "asset",
    resourceId: created.id,
    changes: changesOf(null, created, AUDITED_ASSET_FIELDS),
  });
  return created;
}

/** The asset types discovery finds hosts under. */
const HOSTED = new Set<string>(["domain", "subdomain"]);

/** discoveryAutoAdd as asked, refused for an asset no host is found under. */
function autoAddOf(type: string, asked: boolean | undefined) {
  if (asked && !HOSTED.has(type))
    throw validationError("discoveryAutoAdd", "only a domain or subdomain has discovered hosts to add");
  return asked;
}

function requireAdmin(sc: ServiceContext) {
  // A person, or a token a person granted: their role; API keys have none.
  if (sc.actor.role !== "owner" && sc.actor.role !== "admin") {
    throw new AppError(403, ErrorCode.ROLE_REQUIRED, "Buying asset slots needs the admin or owner role", {
      field: "buySlot",
    });
  }
}

export async function updateAsset(sc: ServiceContext<"jobs" | "net">, input: UpdateAssetInput) {
  const { id, ...fields } = input;
  if (Object.values(fields).every((v) => v === undefined)) {
    throw validationError(
      "body",
      "send at least one of projectId, name, type, value, portScanMode, nucleiMinSeverity, disabledScannerTypes, " +
        "criticality, discoveryAutoAdd",
    );
  }
  const before = await requireAsset(sc, id);
  const type = fields.type ?? before.type;
  const target =
    fields.value !== undefined || fields.type !== undefined ? parseValue(sc, type, fields.value ?? before.value) : null;
  const retarget = target !== null && (target.type !== before.type || target.value !== before.value);
  // Kept only while the asset is a name hosts are found under.
  const discoveryAutoAdd = autoAddOf(type, fields.discoveryAutoAdd) ?? (HOSTED.has(type) ? undefined : false);
  if (
    fields.projectId !== undefined &&
    !(await sc.db.project.findUnique({ where: { id: fields.projectId }, select: { id: true } }))
  ) {
    throw new AppError(404, ErrorCode.NOT_FOUND, "projectId: no such project in this workspace", {
      field: "projectId",
    });
  }
  const after = await sc.db.$transaction(async (tx) => {
    // A move takes the asset's scans, issues and findings along (trigger asset_project_moved). Locking the asset
    // first waits for writers in flight, before this transaction holds anything they may wait for.
    if (fields.projectId !== undefined && fields.projectId !== before.projectId)
      await tx.$executeRaw`select 1 from "Asset" where id = ${id} for update`;
    const coverage = retarget ? await ownershipCoverage(tx, target) : null;
    const updated = await tx.asset.update({
      where: { id },
      data: {
        projectId: fields.projectId,
        name: fields.name,
        portScanMode: fields.portScanMode,
        nucleiMinSeverity: fields.nucleiMinSeverity,
        disabledScannerTypes: fields.disabledScannerTypes,
        criticality: fields.criticality,
        discoveryAutoAdd,
        // A new value is a new asset as far as proof and checks go.
        ...(retarget
          ? {
              type: target.type,
              value: target.value,
              bucketProvider: target.type === "bucket" ? target.provider : null,
              status: "pending" as const,
              ownershipToken: newOwnershipToken(),
              ownershipVerifiedAt: coverage ? new Date() : null,
              ownershipMethod: coverage ? ("parent" as const) : null,
              canonicalUrl: null,
              resolvedIp: null,
              cdnProvider: null,
              failReason: null,
              checkWarnings: [],
              skippedRedirectHost: null,
              lastCheckedAt: null,
              outsideView: undefined,
              screenshotPng: null,
              screenshotTakenAt: null,
              screenshotError: null,
              checkAttempts: 0,
            }
          : {}),
      },
      include: assetInclude,
    });
    const changes = changesOf(before, updated, AUDITED_ASSET_FIELDS);
    if (Object.keys(changes).length)
      await writeAudit(tx, sc.actor, { action: "asset.update", resourceType: "asset", resourceId: id, changes });
    return updated;
  });
  if (retarget) await enqueueCheck(sc, id, "updated");
  return presentAsset(after);
}

export async function deleteAsset(sc: ServiceContext, id: number) {
  return sc.db.$transaction(async (tx) => {
    const asset = await tx.asset.findUnique({ where: { id } });
    if (!asset) throw notFound("Asset");
    const [scans, findings, issues, schedules] = await Promise.all([
      tx.scan.count({ where: { assetId: id } }),
      tx.finding.count({ where: { assetId: id } }),
      tx.issue.count({ where: { assetId: id } }),
      tx.scanSchedule.count({ where: { assetId: id } }),
    ]);
    await tx.asset.delete({ where: { id } });
    await writeAudit(tx, sc.actor, {
      action: "asset.delete",
      resourceType: "asset",
      resourceId: id,
      changes: changesOf(asset, null, AUDITED_ASSET_FIELDS),
    });
    return {
      message:
        `Asset ${asset.value} deleted with ${scans} scans, ${findings} findings, ${issues} issues and ` +
        `${schedules} schedules`,
      deleted: { scans, findings, issues, schedules },
    };
  });
}

/** Runs the reachability check again; at most 30 an hour per workspace. */
export async function revalidateAsset(sc: ServiceContext<"jobs" | "revalidations">, id: number) {
  const asset = await requireAsset(sc, id);
  const budget = await sc.services.revalidations.consume(`ws:${sc.workspaceId}`, "revalidations");
  await sc.db.$transaction(async (tx) => {
    await tx.asset.update({ where: { id }, data: { status: "pending", checkAttempts: 0 } });
    await writeAudit(tx, sc.actor, {
      action: "asset.revalidate",
      resourceType: "asset",
      resourceId: id,
      changes: { status: { before: asset.status, after: "pending" } },
    });
  });
  await enqueueCheck(sc, id, "revalidate", asset.status);
  return { message: `Reachability check of ${asset.value} queued`, remainingThisHour: budget.remaining };
}
