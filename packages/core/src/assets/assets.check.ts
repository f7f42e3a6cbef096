// The reachability check, run by a worker for one asset: DNS, HTTP, HTTPS,
// TLS, technologies and a screenshot through the scanners, then the results
// stored on the asset. Checks are observations, not changes made by someone,
// so they write no audit entries.
import { checkReachability, parseTarget, takeScreenshot } from "@ems/scanners";
import type { Prisma } from "@ems/db";
import type { Services } from "../context.ts";
import { runInWorkspace } from "../db/scoped.ts";
import type { AssetCheckJob } from "../jobs/queue.ts";
import { coveredHosts } from "./assets.coverage.ts";

export async function runAssetCheck(services: Services, job: AssetCheckJob) {
  await runInWorkspace(job.workspaceId, async () => {
    const db = services.scoped;
    const asset = await db.asset.findUnique({ where: { id: job.assetId } });
    if (!asset) return; // deleted meanwhile
    const parsed = parseTarget(asset.type, asset.value, { allowPrivate: services.net.allowPrivate, allowedRanges: services.net.allowedRanges });
    if (!parsed.ok) {
      await db.asset.update({ where: { id: asset.id }, data: { status: "error", failReason: parsed.message, lastCheckedAt: new Date() } });
      return;
    }
    const covers = await coveredHosts(db, asset);
    const result = await checkReachability({ target: parsed.target, covers }, services.net);

    let screenshot: Buffer | null = null;
    if (result.canonicalUrl && !asset.disabledScannerTypes.includes("screenshot")) {
      screenshot = await takeScreenshot(result.canonicalUrl, services.net).catch(() => null);
    }
    // The value may have changed while we checked: only store results for the value we checked.
    await db.asset.updateMany({
      where: { id: asset.id, type: asset.type, value: asset.value },
      data: {
        status: result.status,
        resolvedIp: result.resolvedIp,
        canonicalUrl: result.canonicalUrl,
        cdnProvider: result.cdnProvider,
        bucketProvider: result.bucketProvider,
        failReason: result.failReason,
        skippedRedirectHost: result.skippedRedirectHost,
        lastCheckedAt: new Date(),
        outsideView: result.outside as unknown as Prisma.InputJsonObject,
        technologies: result.outside.technologies as unknown as Prisma.InputJsonArray,
        ...(screenshot ? { screenshotPng: new Uint8Array(screenshot), screenshotTakenAt: new Date() } : {}),
      },
    });
  });
}

/** Checks that never ran (queue down at the time, or a crash): picked up when a worker starts. */
export async function pendingChecks(services: Services, olderThanSeconds = 60) {
  return services.db.prisma.asset.findMany({
    where: { status: "pending", updatedAt: { lt: new Date(Date.now() - olderThanSeconds * 1000) } },
    select: { id: true, workspaceId: true },
    take: 1000,
  });
}
