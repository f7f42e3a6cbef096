// Share links: a random token (32 bytes, base64url) that shows one report to
// anyone who has it, without an account, until it expires or is revoked.
// Only its SHA-256 is stored, so the link is shown once, when made; making a
// new one replaces the old. Views are counted and rate-limited per link.
import { createHash, randomBytes } from "node:crypto";
import { writeAudit } from "../audit/write.ts";
import type { Services } from "../service-context.ts";
import { AppError, ErrorCode, notFound } from "../errors.ts";
import { DOCUMENT_HEADERS, type FileResponse } from "../rest/files.ts";
import type { ServiceContext } from "../service-context.ts";
import { SHARE_DEFAULT_DAYS } from "./assessments.schemas.ts";
import {
  fileName,
  htmlOf,
  presentAssessment,
  reportSelect,
  requireReport,
  shareIsLive,
} from "./assessments.service.ts";

const DAY_MS = 86_400_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The public URLs of a token: the page and its PDF. */
export const shareUrls = (services: Pick<Services, "shareBaseUrl">, token: string) => ({
  html: `${services.shareBaseUrl}/share/${token}`,
  pdf: `${services.shareBaseUrl}/share/${token}.pdf`,
});

export async function shareAssessment(
  sc: ServiceContext<"shareBaseUrl">,
  id: number,
  expiresInDays = SHARE_DEFAULT_DAYS,
) {
  const now = sc.services.now();
  const token = randomBytes(32).toString("base64url");
  return sc.db.$transaction(async (tx) => {
    const before = await requireReport(tx, id);
    if (before.status !== "ready")
      throw new AppError(
        409,
        ErrorCode.ASSESSMENT_NOT_READY,
        `Assessment report ${id} is ${before.status}: share it when ready`,
      );
    const expiresAt = new Date(now.getTime() + expiresInDays * DAY_MS);
    const row = await tx.assessmentReport.update({
      where: { id },
      data: {
        shareTokenHash: hashToken(token),
        shareExpiresAt: expiresAt,
        shareRevokedAt: null,
        shareViewCount: 0,
        shareViewedAt: null,
      },
      select: reportSelect,
    });
    await writeAudit(tx, sc.actor, {
      action: "assessment.share",
      resourceType: "assessment",
      resourceId: id,
      changes: {
        shareExpiresAt: { before: before.shareExpiresAt?.toISOString() ?? null, after: expiresAt.toISOString() },
        replacedLiveLink: { before: null, after: shareIsLive(before, now) },
      },
    });
    return presentAssessment(row, now, shareUrls(sc.services, token));
  });
}

/** Ends the link at once (it then answers 410). Revoking a report that has no live link changes nothing. */
export async function revokeShare(sc: ServiceContext, id: number) {
  const now = sc.services.now();
  return sc.db.$transaction(async (tx) => {
    const before = await requireReport(tx, id);
    if (!shareIsLive(before, now)) return presentAssessment(before, now);
    const row = await tx.assessmentReport.update({
      where: { id },
      data: { shareRevokedAt: now },
      select: reportSelect,
    });
    await writeAudit(tx, sc.actor, {
      action: "assessment.unshare",
      resourceType: "assessment",
      resourceId: id,
      changes: { shareRevokedAt: { before: null, after: now.toISOString() } },
    });
    return presentAssessment(row, now);
  });
}

/**
 * A shared report for anyone with the link (no account, no workspace): 404
 * for a token we never issued (or one replaced by a newer link), 410 once
 * revoked or expired, 429 past the link's per-minute views. Each view counts.
 */
export async function viewSharedReport(
  services: Services,
  token: string,
  format: "html" | "pdf",
): Promise<FileResponse> {
  const unknown = () => notFound("Share link");
  if (!TOKEN_PATTERN.test(token)) throw unknown();
  const tokenHash = hashToken(token);
  const prisma = services.db.prisma;
  const found = await prisma.assessmentReport.findUnique({
    where: { shareTokenHash: tokenHash },
    select: { id: true, shareTokenHash: true, shareExpiresAt: true, shareRevokedAt: true },
  });
  if (!found) throw unknown();
  const now = services.now();
  if (!shareIsLive(found, now)) {
    const why = found.shareRevokedAt ? "was revoked" : "has expired";
    throw new AppError(410, ErrorCode.SHARE_LINK_GONE, `This share link ${why}; ask for a new one`);
  }
  await services.shareViews.consume(`link:${tokenHash.slice(0, 32)}`, "views of this link");
  const r = await prisma.assessmentReport.update({
    where: { id: found.id },
    data: { shareViewCount: { increment: 1 }, shareViewedAt: now },
    select: {
      id: true,
      scopeType: true,
      scopeName: true,
      generatedAt: true,
      data: true,
      narrative: true,
      pdf: format === "pdf",
    },
  });
  const served = { cacheControl: "no-store", headers: DOCUMENT_HEADERS };
  if (format === "pdf") {
    if (!r.pdf) throw unknown();
    return { contentType: "application/pdf", filename: fileName(r, "pdf"), ...served, body: new Uint8Array(r.pdf) };
  }
  return { contentType: "text/html; charset=utf-8", ...served, body: htmlOf(r) };
}
