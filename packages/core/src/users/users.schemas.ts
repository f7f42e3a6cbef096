import { z } from "zod";
import { text } from "../common-schemas.ts";

/** A first or last name: trimmed, up to 100 characters, may be empty (the product then shows the email). */
export const personName = text(100);

export const MIN_PASSWORD = 12;
export const MAX_PASSWORD = 1024;
export const newPassword = z
  .string()
  .min(MIN_PASSWORD, `must be at least ${MIN_PASSWORD} characters`)
  .max(MAX_PASSWORD, `must be at most ${MAX_PASSWORD} characters`);

export const setNameInput = z.object({ firstName: personName, lastName: personName });
export type SetNameInput = z.output<typeof setNameInput>;

export const changePasswordInput = z.object({
  currentPassword: z
    .string()
    .min(1, "must not be empty")
    .max(MAX_PASSWORD, `must be at most ${MAX_PASSWORD} characters`),
  newPassword,
});
export type ChangePasswordInput = z.output<typeof changePasswordInput>;
