import { z } from "zod";
import { idParam } from "../ids.ts";

export const revealSecretInput = z.object({
  id: idParam(),
  secret: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .meta({ description: "The secret's number: an `id` of the finding's evidence.secrets" }),
});
export type RevealSecretInput = z.output<typeof revealSecretInput>;

export const revealedSecretSchema = z
  .object({
    findingId: z.number().int(),
    secret: z.number().int(),
    label: z.string(),
    value: z.string().meta({ description: "The clear value. The reveal is in the audit log (never the value)" }),
  })
  .meta({ id: "RevealedSecret" });
