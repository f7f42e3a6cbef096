// The workspace's SMTP server (dashboard only, admins): read without the password, set, remove, and send a test
// e-mail. The host passes the address guard when it is saved (and again at every connection: DNS can change). Every
// change is audited in its transaction; the password never enters the audit log.
import type { SmtpSettings } from "@ems/db";
import type { z } from "zod";
import { FetchRefused, vetHost } from "@ems/scanners";
import { changesOf, writeAudit, type Changes } from "../audit/write.ts";
import { notFound, validationError } from "../errors.ts";
import type { ServiceContext } from "../service-context.ts";
import { describeDeliveryError } from "../webhooks/webhooks.failure.ts";
import { sendMail } from "./email.send.ts";
import type { SetSmtpInput, smtpSettingsSchema } from "./email.schemas.ts";

const AUDITED = ["host", "port", "security", "username", "fromAddress"] as const;

const present = (s: SmtpSettings): z.output<typeof smtpSettingsSchema> => ({
  host: s.host,
  port: s.port,
  security: s.security,
  username: s.username,
  passwordSet: s.password !== null,
  fromAddress: s.fromAddress,
  updatedAt: s.updatedAt,
});

/** What changed, for the audit log: whether a password is set, never the password. */
function auditedChanges(before: SmtpSettings | null, after: SmtpSettings | null): Changes {
  const changes = changesOf(before, after, AUDITED);
  const had = before?.password ?? null;
  const has = after?.password ?? null;
  if (had !== has) changes.password = { before: had === null ? null : "(set)", after: has === null ? null : "(set)" };
  return changes;
}

export async function getSmtp(sc: ServiceContext) {
  const s = await sc.db.smtpSettings.findFirst();
  return { smtp: s && present(s) };
}

/** A 400 naming `host` unless it resolves only to addresses the operator allows (the webhooks' rule and words). */
async function checkHost(host: string, sc: ServiceContext<"net">) {
  try {
    await vetHost(host, sc.services.net);
  } catch (err) {
    if (err instanceof FetchRefused)
      throw validationError("host", describeDeliveryError(err, sc.services.net.httpTimeoutMs).message);
    throw err;
  }
}

export async function setSmtp(sc: ServiceContext<"net">, input: SetSmtpInput) {
  await checkHost(input.host, sc);
  return sc.db.$transaction(async (tx) => {
    const before = await tx.smtpSettings.findFirst();
    const fields = {
      host: input.host,
      port: input.port,
      security: input.security ?? "starttls",
      username: input.username || null,
      fromAddress: input.fromAddress,
      ...(input.password !== undefined ? { password: input.password || null } : {}),
    };
    const after = before
      ? await tx.smtpSettings.update({ where: { id: before.id }, data: fields })
      : await tx.smtpSettings.create({ data: { workspaceId: sc.workspaceId, ...fields } });
    const changes = auditedChanges(before, after);
    if (Object.keys(changes).length)
      await writeAudit(tx, sc.actor, { action: "smtp.update", resourceType: "smtp", changes });
    return { smtp: present(after) };
  });
}

export async function deleteSmtp(sc: ServiceContext) {
  return sc.db.$transaction(async (tx) => {
    const before = await tx.smtpSettings.findFirst();
    if (!before) throw notFound("SMTP settings");
    await tx.smtpSettings.delete({ where: { id: before.id } });
    await writeAudit(tx, sc.actor, {
      action: "smtp.delete",
      resourceType: "smtp",
      changes: auditedChanges(before, null),
    });
    return { message: "SMTP settings removed: the workspace sends no e-mail" };
  });
}

/** Sends a test e-mail now (time-limited) and says whether the server took it. Audited. */
export async function testSmtp(sc: ServiceContext<"net" | "webhooks">, to: string) {
  const smtp = await sc.db.smtpSettings.findFirst();
  if (!smtp) throw notFound("SMTP settings");
  const mail = {
    to: [to],
    subject: "[Exposure Monitoring] Test e-mail",
    text: `A test e-mail sent by ${sc.actor.name}: this workspace's SMTP settings work.`,
  };
  const failure = await sendMail(smtp, mail, sc.services.net, sc.services.webhooks.timeoutMs);
  await writeAudit(sc.db, sc.actor, {
    action: "smtp.test",
    resourceType: "smtp",
    changes: { to: { before: null, after: to }, sent: { before: null, after: failure === null } },
  });
  return { sent: failure === null, error: failure?.message ?? null };
}
