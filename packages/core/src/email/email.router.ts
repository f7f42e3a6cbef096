import { z } from "zod";
import { messageSchema } from "../common-schemas.ts";
import { procedure, router } from "../trpc.ts";
import { setSmtpInput, smtpAnswerSchema, smtpTestSchema, testSmtpInput } from "./email.schemas.ts";
import { deleteSmtp, getSmtp, setSmtp, testSmtp } from "./email.service.ts";

const tags = ["E-mail (dashboard only)"];
// A credential, like webhook endpoints and API keys: managed by admins in the dashboard (REST answers 403
// SESSION_REQUIRED).
const admin = { dashboardOnly: true, minRole: "admin" } as const;
const guard =
  "host must resolve only to public addresses (private ones where the operator allows them, as webhooks): 400 " +
  "naming host otherwise.";

export const emailRouter = router({
  getSmtp: procedure
    .meta({
      openapi: { method: "GET", path: "/app/email/smtp", tags, summary: "The workspace's SMTP server" },
      ...admin,
      kind: "read",
    })
    .input(z.object({}))
    .output(smtpAnswerSchema)
    .query(({ ctx }) => getSmtp(ctx)),

  setSmtp: procedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/app/email/smtp",
        tags,
        summary: "Set the workspace's SMTP server",
        description: `E-mail endpoints and invitations go through it. ${guard}`,
      },
      ...admin,
      kind: "write",
    })
    .input(setSmtpInput)
    .output(smtpAnswerSchema)
    .mutation(({ ctx, input }) => setSmtp(ctx, input)),

  deleteSmtp: procedure
    .meta({
      openapi: { method: "DELETE", path: "/app/email/smtp", tags, summary: "Remove the SMTP server" },
      ...admin,
      kind: "write",
    })
    .input(z.object({}))
    .output(messageSchema)
    .mutation(({ ctx }) => deleteSmtp(ctx)),

  testSmtp: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/email/smtp/test",
        tags,
        summary: "Send a test e-mail now",
        description: "Answers whether the SMTP server took it, and why not.",
      },
      ...admin,
      kind: "write",
    })
    .input(testSmtpInput)
    .output(smtpTestSchema)
    .mutation(({ ctx, input }) => testSmtp(ctx, input.to)),
});
