import { pageOf } from "../paging.ts";
import { procedure, router } from "../trpc.ts";
import { findingSchema, listFindingsInput } from "./findings.schemas.ts";
import { listFindings } from "./findings.service.ts";
import { revealedSecretSchema, revealSecretInput } from "../secrets/secrets.schemas.ts";
import { revealSecret } from "../secrets/secrets.service.ts";

export const findingsRouter = router({
  list: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/findings",
        tags: ["Findings"],
        summary: "List findings",
        description: "Everything the scanners found, newest first, with evidence.",
      },
      scope: "issues:read",
      kind: "read",
      paged: true,
    })
    .input(listFindingsInput)
    .output(pageOf(findingSchema))
    .query(({ ctx, input }) => listFindings(ctx, input)),
  reveal: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/findings/{id}/reveal",
        tags: ["Findings"],
        summary: "Reveal one secret of a finding's evidence",
        description:
          "The clear value of one secret the evidence shows masked (its number in evidence.secrets). Owners and " +
          "admins only: signed in, or through an OAuth token they granted (an API key acts for nobody: 403). Each " +
          "reveal is in the audit log (finding.reveal-secret: who, which finding, which secret; never the value).",
      },
      scope: "issues:write",
      kind: "write",
      minRole: "admin",
    })
    .input(revealSecretInput)
    .output(revealedSecretSchema)
    .mutation(({ ctx, input }) => revealSecret(ctx, input)),
});
