// Ownership proofs (what to publish, verifying it) and the outside view of an
// asset (what its last check saw, the screenshot): the read-mostly half of the
// asset service, split from assets.service.ts, which adds, changes and deletes.
import type { AssetType } from "@ems/db";
import {
  BUCKET_PROOF_OBJECT,
  bucketProofUrl,
  ownershipRecord,
  parseTarget,
  verifyBucketOwnership,
  verifyOwnership,
  type NetConfig,
} from "@ems/scanners";
import { writeAudit } from "../audit/write.ts";
import { AppError, ErrorCode, notFound, validationError } from "../errors.ts";
import type { FileResponse } from "../rest/files.ts";
import type { ServiceContext } from "../service-context.ts";
import { countCovered, ownershipCoverage, proveCoveredSubdomains } from "./assets.coverage.ts";
import { methodName, methodOf } from "./assets.present.ts";
import type { z } from "zod";
import type { OUTSIDE_VIEW_PARTS, outsideViewSchema } from "./assets.schemas.ts";
import { enqueueCheck, parseValue, requireAsset } from "./assets.service.ts";

/** What to publish for each method that applies to the asset. */
function ownershipMethods(asset: { type: AssetType; value: string; ownershipToken: string }, net: NetConfig) {
  const token = asset.ownershipToken;
  const host = asset.value;
  const methods: {
    method: "dns-txt" | "http-file" | "html-meta";
    instructions: string;
    record: Record<string, string>;
  }[] = [];
  if (asset.type === "bucket") {
    const parsed = parseTarget("bucket", host, { allowPrivate: true, allowedRanges: [] });
    if (parsed.ok && parsed.target.type === "bucket") {
      const url = bucketProofUrl(parsed.target, net);
      methods.push({
        method: "http-file",
        instructions:
          `Upload an object named ${BUCKET_PROOF_OBJECT} at the top of the bucket, readable by anyone, ` +
          `whose content is the token (${url}).`,
        record: { url, content: token },
      });
    }
    return methods;
  }
  if (asset.type === "domain" || asset.type === "subdomain") {
    methods.push({
      method: "dns-txt",
      instructions:
        `Add a DNS TXT record named ${ownershipRecord.dnsName(host)} with the value ` +
        `${ownershipRecord.dnsValue(token)}.`,
      record: { type: "TXT", name: ownershipRecord.dnsName(host), value: ownershipRecord.dnsValue(token) },
    });
  }
  const origin = asset.type === "ipv6" ? `[${host}]` : host;
  methods.push(
    {
      method: "http-file",
      instructions:
        `Serve a file at https://${origin}${ownershipRecord.filePath} (or http://) ` + "whose content is the token.",
      record: { url: `https://${origin}${ownershipRecord.filePath}`, content: token },
    },
    {
      method: "html-meta",
      instructions:
        `Add <meta name="${ownershipRecord.metaName}" content="${token}"> to the <head> of ` +
        `https://${origin}/ (or http://).`,
      record: { tag: `<meta name="${ownershipRecord.metaName}" content="${token}">`, url: `https://${origin}/` },
    },
  );
  return methods;
}

export async function getOwnership(sc: ServiceContext<"net">, id: number) {
  const asset = await requireAsset(sc, id);
  const [last, parent, covers] = await Promise.all([
    sc.db.ownershipProof.findFirst({ where: { assetId: id }, orderBy: { id: "desc" } }),
    asset.ownershipMethod === "parent" ? ownershipCoverage(sc.db, asset) : null,
    asset.ownershipVerifiedAt ? countCovered(sc.db, asset) : 0,
  ]);
  return {
    state: (asset.ownershipVerifiedAt ? "proven" : "pending") as "proven" | "pending",
    method: methodName(asset.ownershipMethod),
    verifiedAt: asset.ownershipVerifiedAt,
    token: asset.ownershipToken,
    coveredBy: parent,
    covers,
    methods: ownershipMethods(asset, sc.services.net),
    lastAttempt: last
      ? {
          method: methodName(last.method),
          success: last.success,
          outcome: last.success
            ? ("proven" as const)
            : last.inconclusive
              ? ("could-not-check" as const)
              : ("failed" as const),
          detail: last.detail,
          checkedAt: last.checkedAt,
        }
      : null,
  };
}

/**
 * Checks the proof now (every applicable method unless one is named), records
 * each attempt, and marks the asset proven on the first success, which also
 * runs its reachability check again (what the check may follow depends on the
 * proof). When no method could be looked at (its DNS lookup refused or timed
 * out) the attempt is "could not check": no verdict, audited as such.
 */
export async function verifyAssetOwnership(
  sc: ServiceContext<"jobs" | "net">,
  id: number,
  method?: "dns-txt" | "http-file" | "html-meta",
) {
  const asset = await requireAsset(sc, id);
  const applicable = ownershipMethods(asset, sc.services.net).map((m) => m.method);
  if (method && !applicable.includes(method))
    throw validationError("method", `${method} does not apply to a ${asset.type}; use ${applicable.join(" or ")}`);

  const attempts: {
    method: "dns-txt" | "http-file" | "html-meta" | "parent-domain";
    ok: boolean;
    inconclusive?: boolean;
    detail: string;
  }[] = [];
  const parent =
    asset.type === "subdomain" ? await ownershipCoverage(sc.db, parseValue(sc, asset.type, asset.value)) : null;
  if (parent && !method)
    attempts.push({ method: "parent-domain", ok: true, detail: `covered by the proven domain ${parent.value}` });
  for (const m of method ? [method] : applicable) {
    if (attempts.some((a) => a.ok)) break;
    const target = asset.type === "bucket" ? parseValue(sc, asset.type, asset.value) : null;
    const result =
      target?.type === "bucket"
        ? await verifyBucketOwnership(target, asset.ownershipToken, sc.services.net)
        : await verifyOwnership({ method: m, host: asset.value, token: asset.ownershipToken }, sc.services.net);
    attempts.push({ method: m, ok: result.ok, inconclusive: result.inconclusive, detail: result.detail });
  }
  const success = attempts.find((a) => a.ok);
  const unchecked = !success && attempts.every((a) => a.inconclusive);
  const newlyProven = Boolean(success && !asset.ownershipVerifiedAt);
  await sc.db.$transaction(async (tx) => {
    // One record per verification, saying what each method found.
    const detail = success ? success.detail : attempts.map((a) => `${a.method}: ${a.detail}`).join(" · ");
    await tx.ownershipProof.create({
      data: {
        workspaceId: sc.workspaceId,
        assetId: id,
        method: success ? methodOf(success.method) : attempts.length === 1 ? methodOf(attempts[0]!.method) : null,
        success: Boolean(success),
        inconclusive: unchecked,
        detail: detail.slice(0, 4000),
      },
    });
    if (newlyProven) {
      await tx.asset.update({
        where: { id },
        data: {
          ownershipVerifiedAt: new Date(),
          ownershipMethod: methodOf(success!.method),
          // Checked again below: redirects to hosts the proof now covers are followed.
          status: "pending",
          checkAttempts: 0,
        },
      });
    }
    // Its subdomains already in the workspace are proven with it (again on a later success: any added unproven).
    const covered =
      success && (asset.type === "domain" || asset.type === "subdomain")
        ? await proveCoveredSubdomains(tx, sc.actor, asset)
        : 0;
    await writeAudit(tx, sc.actor, {
      action: success ? "asset.ownership-verified" : unchecked ? "asset.ownership-unchecked" : "asset.ownership-failed",
      resourceType: "asset",
      resourceId: id,
      changes: {
        ownership: {
          before: asset.ownershipVerifiedAt ? "proven" : "pending",
          after: success || asset.ownershipVerifiedAt ? "proven" : "pending",
        },
        methods: {
          before: null,
          after: attempts.map((a) => `${a.method}: ${a.ok ? "ok" : a.inconclusive ? "could not check" : "failed"}`),
        },
        ...(covered ? { coveredSubdomains: { before: null, after: covered } } : {}),
      },
    });
  });
  if (newlyProven) await enqueueCheck(sc, id, "proven", asset.status);
  return getOwnership(sc, id);
}

// ----------------------------------------------------------- outside view

const notYet = (what: string) =>
  new AppError(
    404,
    ErrorCode.NOT_AVAILABLE_YET,
    `No ${what} yet: it comes with the first completed reachability check (add or revalidate the asset)`,
  );

export async function outsideView(sc: ServiceContext, id: number, part: (typeof OUTSIDE_VIEW_PARTS)[number]) {
  const asset = await sc.db.asset.findUnique({
    where: { id },
    select: { outsideView: true, screenshotTakenAt: true, lastCheckedAt: true },
  });
  if (!asset) throw notFound("Asset");
  if (part === "screenshot") {
    if (!asset.screenshotTakenAt) throw notYet("screenshot");
    return {
      part,
      checkedAt: asset.screenshotTakenAt,
      data: { url: `/app/assets/${id}/screenshot`, contentType: "image/png" },
    };
  }
  const view = asset.outsideView as Record<string, unknown> | null;
  if (!view || view[part] === undefined || view[part] === null) throw notYet(`${part} view`);
  return { part, checkedAt: asset.lastCheckedAt!, data: view[part] };
}

/** Every part of the outside view at once, typed (null parts before the first check). */
export async function fullOutsideView(sc: ServiceContext, id: number): Promise<z.output<typeof outsideViewSchema>> {
  const asset = await sc.db.asset.findUnique({
    where: { id },
    select: { outsideView: true, technologies: true, screenshotTakenAt: true, lastCheckedAt: true },
  });
  if (!asset) throw notFound("Asset");
  const view = (asset.outsideView ?? {}) as Partial<z.output<typeof outsideViewSchema>>;
  return {
    checkedAt: asset.lastCheckedAt,
    dns: view.dns ?? null,
    http: view.http ?? null,
    https: view.https ?? null,
    tls: view.tls ?? null,
    technologies: (asset.technologies ?? []) as z.output<typeof outsideViewSchema>["technologies"],
    errors: view.errors ?? { http: null, https: null },
    screenshot: asset.screenshotTakenAt
      ? { url: `/app/assets/${id}/screenshot`, takenAt: asset.screenshotTakenAt }
      : null,
  };
}

export async function screenshot(sc: ServiceContext, id: number): Promise<FileResponse> {
  const asset = await sc.db.asset.findUnique({ where: { id }, select: { screenshotPng: true } });
  if (!asset) throw notFound("Asset");
  if (!asset.screenshotPng) throw notYet("screenshot");
  // Screenshots change at most once per check: browsers may keep one for a minute.
  return { contentType: "image/png", cacheControl: "private, max-age=60", body: new Uint8Array(asset.screenshotPng) };
}
