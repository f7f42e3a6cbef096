// The reachability check, run by a worker for one asset: DNS, HTTP, HTTPS,
// TLS, technologies and a screenshot through the scanners, then the results
// stored on the asset. Checks are observations, not changes made by someone,
// so they write no audit entries. A check never fails its job: whatever goes
// wrong is recorded on the asset, and only a worker that dies or times out
// mid-check gets it retried (CHECK_ATTEMPTS in jobs/queue.ts). A check that
// finds a reachable asset unreachable tells webhook endpoints (asset.unreachable).
import { checkReachability, parseTarget, takeScreenshot } from "@ems/scanners";
import type { Asset, Prisma } from "@ems/db";
import type { Services } from "../service-context.ts";
import { actAs } from "../door.ts";
import { jobActor } from "../actors.ts";
import { z } from "zod";
import { defineJob } from "../jobs/definition.ts";
import { assetInfo } from "../scans/scans.alerts.ts";
import { emitWebhookEvent } from "../webhooks/webhooks.events.ts";
import { coveredHosts } from "./assets.coverage.ts";

/**
 * Starts a reachability check gets, counted on the asset before each one: a check whose worker crashes or times out
 * is retried by the queue after CHECK_RETRY_DELAY_SECONDS, then twice that; the start after the last gives up and marks
 * the asset error. An ordinary failure is recorded at once and not retried.
 */
export const CHECK_ATTEMPTS = 3;
const CHECK_RETRY_DELAY_SECONDS = 30;
/** Longer than a check can take (DNS, two fetches, TLS, a screenshot with its own deadline). */
const CHECK_EXPIRE_SECONDS = 180;

const assetCheckPayload = z.object({
  assetId: z.number().int(),
  workspaceId: z.number().int(),
  reason: z.enum(["added", "updated", "revalidate", "proven", "recovery"]),
  /** A revalidation's: the status before it set "pending" (asset.unreachable is sent on reachable → unreachable). */
  previousStatus: z.enum(["pending", "reachable", "unreachable", "error"]).optional(),
});
export type AssetCheckJob = z.output<typeof assetCheckPayload>;

export async function runAssetCheck(services: Services, job: AssetCheckJob) {
  await actAs(services, jobActor(job.workspaceId), async (sc) => {
    const { db } = sc;
    // Counted before the work, in its own statement: a start whose worker then dies still counts.
    const claimed = await db.asset.updateManyAndReturn({
      where: { id: job.assetId },
      data: { checkAttempts: { increment: 1 } },
    });
    const asset = claimed[0];
    if (!asset) return; // deleted meanwhile
    if (asset.checkAttempts > CHECK_ATTEMPTS) {
      const failReason =
        `The reachability check did not finish in ${CHECK_ATTEMPTS} attempts (its worker crashed or timed out ` +
        "each time), so it is not retried; revalidate the asset to try again.";
      await db.asset.update({
        where: { id: asset.id },
        data: { status: "error", failReason, lastCheckedAt: new Date() },
      });
      return;
    }
    const results = await checkAsset(services, asset).catch((err: Error) => ({
      status: "error" as const,
      failReason: `The reachability check failed: ${err.message}`,
      checkWarnings: [],
      lastCheckedAt: new Date(),
    }));
    // The value may have changed while we checked: only store results for the value we checked.
    await db.$transaction(async (tx) => {
      const stored = await tx.asset.updateMany({
        where: { id: asset.id, type: asset.type, value: asset.value },
        data: { ...results, checkAttempts: 0 },
      });
      const before = asset.status === "pending" ? job.previousStatus : asset.status;
      if (stored.count === 1 && before === "reachable" && results.status === "unreachable") {
        const reason = typeof results.failReason === "string" ? results.failReason : "the check could not reach it";
        await emitWebhookEvent(sc, tx, { type: "asset.unreachable", asset: assetInfo(asset), reason });
      }
    });
  });
}

/** The check itself: what to store on the asset. Throws only on a fault of ours, never for what a site does. */
async function checkAsset(
  services: Pick<Services, "net" | "scoped">,
  asset: Asset,
): Promise<Prisma.AssetUpdateManyMutationInput> {
  const parsed = parseTarget(asset.type, asset.value, {
    allowPrivate: services.net.allowPrivate,
    allowedRanges: services.net.allowedRanges,
    extraSuffixes: services.net.extraSuffixes,
  });
  if (!parsed.ok) return { status: "error", failReason: parsed.message, checkWarnings: [], lastCheckedAt: new Date() };
  const covers = await coveredHosts(services.scoped, asset);
  const result = await checkReachability({ target: parsed.target, covers }, services.net);

  let screenshot: Buffer | null = null;
  let screenshotError: string | null = null;
  if (result.canonicalUrl && !asset.disabledScannerTypes.includes("screenshot")) {
    screenshot = await takeScreenshot(result.canonicalUrl, services.net).catch((err: Error) => {
      screenshotError = err.message;
      return null;
    });
  }
  return {
    status: result.status,
    resolvedIp: result.resolvedIp,
    canonicalUrl: result.canonicalUrl,
    cdnProvider: result.cdnProvider,
    bucketProvider: result.bucketProvider,
    failReason: result.failReason,
    checkWarnings: result.warnings,
    skippedRedirectHost: result.skippedRedirectHost,
    lastCheckedAt: new Date(),
    outsideView: result.outside as unknown as Prisma.InputJsonObject,
    technologies: result.outside.technologies as unknown as Prisma.InputJsonArray,
    screenshotError,
    ...(screenshot ? { screenshotPng: new Uint8Array(screenshot), screenshotTakenAt: new Date() } : {}),
  };
}

/** Checks that never ran (queue down at the time, or a crash): picked up when a worker starts. */
export async function pendingChecks(services: Pick<Services, "db" | "now">, olderThanSeconds = 60) {
  return services.db.prisma.asset.findMany({
    where: { status: "pending", updatedAt: { lt: new Date(services.now().getTime() - olderThanSeconds * 1000) } },
    select: { id: true, workspaceId: true },
    take: 1000,
  });
}

/** Reachability check (DNS, HTTP, HTTPS, TLS, technologies, screenshot) of one asset. */
export const assetCheckJob = defineJob({
  queue: "asset-check",
  policy: {
    retryLimit: CHECK_ATTEMPTS - 1,
    retryDelay: CHECK_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: CHECK_EXPIRE_SECONDS,
  },
  payload: assetCheckPayload,
  // One pending check per asset: a second request while one waits is the same work.
  singletonKey: (job) => `asset-${job.assetId}`,
  concurrency: { slots: 4 },
  handler: runAssetCheck,
});
