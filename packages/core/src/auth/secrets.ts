// Secrets are random 256-bit tokens with a readable prefix that says what
// they are; only their SHA-256 is stored (a slow hash buys nothing for
// high-entropy tokens and would cost every request).
import { createHash, randomBytes } from "node:crypto";

export const SECRET_PREFIX = {
  apiKey: "ems_key_",
  accessToken: "ems_at_",
  refreshToken: "ems_rt_",
  clientId: "ems_client_",
  clientSecret: "ems_cs_",
} as const;

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

export function newSecret(prefix: string, bytes = 32): { secret: string; hash: string } {
  const secret = prefix + randomBytes(bytes).toString("base64url");
  return { secret, hash: hashSecret(secret) };
}

/** The public, non-secret beginning of a key, shown in lists. */
export const displayPrefix = (secret: string) => secret.slice(0, SECRET_PREFIX.apiKey.length + 6);
