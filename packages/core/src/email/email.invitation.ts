// The invitation e-mail (docs/api.md, E-mail): queued in the invitation's transaction when the workspace has an SMTP
// server, sent by a worker with the one-time link, and each attempt's outcome recorded on the invitation (sent, or
// failed with the reason; a failed one is retried by the queue, and a later success marks it sent). The job carries
// the link's token: the database keeps only its hash, so the job is the one place the link exists until it is sent
// (pg-boss deletes finished jobs after its retention).
import { z } from "zod";
import { jobActor } from "../actors.ts";
import { actAs } from "../door.ts";
import { defineJob } from "../jobs/definition.ts";
import { sqlIn } from "../jobs/sql-in.ts";
import type { ScopedTx } from "../db/scoped.ts";
import type { ServiceContext, Services } from "../service-context.ts";
import { dashed } from "../enum-names.ts";
import { SMTP_NOT_CONFIGURED } from "../webhooks/webhooks.failure.ts";
import { invitationMail } from "./email.messages.ts";
import { sendMail } from "./email.send.ts";

const ATTEMPTS = 4;

const invitationMailPayload = z.object({
  workspaceId: z.number().int(),
  invitationId: z.number().int(),
  token: z.string().min(1).max(200),
});
type InvitationMailJob = z.output<typeof invitationMailPayload>;

/** Queues the e-mail of a new invitation in its transaction, when the workspace has an SMTP server; whether it did. */
export async function queueInvitationMail(
  sc: ServiceContext<"jobs">,
  tx: ScopedTx,
  invitationId: number,
  token: string,
): Promise<boolean> {
  const jobs = sc.services.jobs;
  if (!jobs || !(await tx.smtpSettings.findFirst({ select: { id: true } }))) return false;
  await tx.invitation.update({ where: { id: invitationId }, data: { emailStatus: "pending" } });
  await jobs.enqueue(
    invitationMailJob,
    { workspaceId: sc.workspaceId, invitationId, token },
    { transaction: sqlIn(tx) },
  );
  return true;
}

async function sendInvitationMail(services: Services, job: InvitationMailJob) {
  const failure = await actAs(services, jobActor(job.workspaceId), async ({ db }) => {
    const inv = await db.invitation.findUnique({ where: { id: job.invitationId }, include: { workspace: true } });
    // Revoked, accepted, expired or already sent meanwhile: nothing to send.
    if (!inv || inv.acceptedAt || inv.expiresAt <= services.now() || inv.emailStatus === "sent") return null;
    const smtp = await db.smtpSettings.findFirst();
    if (!smtp) {
      await db.invitation.update({
        where: { id: inv.id },
        data: { emailStatus: "failed", emailError: SMTP_NOT_CONFIGURED.message },
      });
      return null;
    }
    const mail = invitationMail({
      workspace: inv.workspace.name,
      role: dashed(inv.role),
      link: `${services.webhooks.webUrl}/invite/${job.token}`,
      days: Math.max(1, Math.round((inv.expiresAt.getTime() - services.now().getTime()) / 86_400_000)),
    });
    const failed = await sendMail(smtp, { to: [inv.email], ...mail }, services.net, services.webhooks.timeoutMs);
    await db.invitation.update({
      where: { id: inv.id },
      data: { emailStatus: failed ? "failed" : "sent", emailError: failed?.message ?? null },
    });
    return failed?.message ?? null;
  });
  if (failure) throw new Error(failure); // pg-boss retries it after its backoff
}

/** One invitation e-mail, retried three times (after about one, two and four minutes) while it fails. */
export const invitationMailJob = defineJob({
  queue: "invitation-email",
  policy: { retryLimit: ATTEMPTS - 1, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  payload: invitationMailPayload,
  concurrency: { slots: 2 },
  handler: sendInvitationMail,
});
