// Scope presets for keys and apps: least privilege first. Nothing is checked until a preset or a scope is picked.
import { SCOPES } from "@ems/core/client-schemas";

export type Scope = (typeof SCOPES)[number];
export const ALL_SCOPES: readonly Scope[] = SCOPES;

export const SCOPE_PRESETS: Array<{ label: string; scopes: readonly Scope[] }> = [
  { label: "Read only", scopes: SCOPES.filter((s) => s.endsWith(":read")) },
  { label: "Read/write", scopes: SCOPES.filter((s) => s !== "audit:read") },
  { label: "Everything", scopes: SCOPES },
];
