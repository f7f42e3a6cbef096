import { z } from "zod";
import { email } from "../common-schemas.ts";

export const SMTP_SECURITY = ["tls", "starttls", "none"] as const;

/** A host name or an IP address, as a person types it. */
const host = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "must not be empty")
  .max(253, "must be at most 253 characters")
  .regex(/^[a-z0-9.:[\]-]+$/, "must be a host name or an IP address");

export const smtpSettingsSchema = z
  .object({
    host: z.string(),
    port: z.number().int(),
    security: z.enum(SMTP_SECURITY).meta({
      description: "tls: TLS from the first byte (465); starttls: STARTTLS required (587); none: no TLS",
    }),
    username: z.string().nullable(),
    passwordSet: z.boolean().meta({ description: "Whether a password is stored (it is never shown)" }),
    fromAddress: z.string(),
    updatedAt: z.date(),
  })
  .meta({ id: "SmtpSettings" });

export const smtpAnswerSchema = z.object({
  smtp: smtpSettingsSchema.nullable().meta({ description: "null: the workspace sends no e-mail" }),
});

export const setSmtpInput = z.object({
  host,
  port: z.number("must be a whole number").int("must be a whole number").min(1, "must be 1 to 65535").max(65535),
  security: z
    .enum(SMTP_SECURITY, `must be one of ${SMTP_SECURITY.join(", ")}`)
    .optional()
    .meta({ description: "default starttls" }),
  username: z.string().trim().max(320, "must be at most 320 characters").nullable().optional(),
  password: z
    .string()
    .max(500, "must be at most 500 characters")
    .nullable()
    .optional()
    .meta({ description: "Leave out to keep the stored one; null removes it" }),
  fromAddress: email,
});

export const testSmtpInput = z.object({ to: email });
export const smtpTestSchema = z.object({
  sent: z.boolean(),
  error: z.string().nullable().meta({ description: "Why the SMTP server did not take it, in our words" }),
});

export type SetSmtpInput = z.output<typeof setSmtpInput>;
