// Revealing one secret of a finding's evidence (docs/api.md, Secrets in evidence): owners and admins only, each reveal
// audited (who, which finding, which secret; never the value) in the same transaction as the read.
import { ROLE_RANK } from "../door.ts";
import { dashed } from "../enum-names.ts";
import { AppError, ErrorCode } from "../errors.ts";
import { writeAudit } from "../audit/write.ts";
import type { ServiceContext } from "../service-context.ts";
import type { RevealSecretInput } from "./secrets.schemas.ts";

export async function revealSecret(sc: ServiceContext, { id, secret }: RevealSecretInput) {
  // The door checks the role of a signed-in person; a token acts with the role of the person who granted it, and an
  // API key or an app's own token acts for nobody: neither may reveal.
  const role = sc.actor.role;
  if (!role || ROLE_RANK[role] < ROLE_RANK.admin) {
    throw new AppError(
      403,
      ErrorCode.ROLE_REQUIRED,
      role
        ? `Your role (${dashed(role)}) cannot reveal secrets; it needs admin or above`
        : "Revealing a secret needs an owner or admin: signed in, or through an OAuth token they granted",
    );
  }
  return sc.db.$transaction(async (tx) => {
    const finding = await tx.finding.findFirst({ where: { id }, select: { id: true, issueId: true } });
    if (!finding) throw new AppError(404, ErrorCode.NOT_FOUND, "Finding not found");
    const held = await tx.findingSecret.findFirst({ where: { findingId: id, ordinal: secret } });
    if (!held) {
      throw new AppError(404, ErrorCode.NOT_FOUND, "secret: this finding has no secret with this number", {
        field: "secret",
      });
    }
    await writeAudit(tx, sc.actor, {
      action: "finding.reveal-secret",
      resourceType: "finding",
      resourceId: id,
      changes: {
        secret: { before: null, after: held.ordinal },
        label: { before: null, after: held.label },
        issueId: { before: null, after: finding.issueId },
      },
    });
    return { findingId: id, secret: held.ordinal, label: held.label, value: held.value };
  });
}
