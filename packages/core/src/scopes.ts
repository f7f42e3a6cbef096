// Every scope a key or token can hold. The spec names five; the rest are ours
// (docs/api.md lists which route needs which).
export const SCOPES = [
  "assets:read",
  "assets:write",
  "issues:read",
  "issues:write",
  "scans:read",
  "scans:write",
  "reports:read",
  "reports:write",
  "audit:read",
] as const;

export type Scope = (typeof SCOPES)[number];

export const isScope = (s: string): s is Scope => (SCOPES as readonly string[]).includes(s);

/** Splits "a,b c" or ["a","b"] into known scopes; returns the unknown ones separately. */
export function parseScopes(input: string | readonly string[]): { scopes: Scope[]; unknown: string[] } {
  const parts = (typeof input === "string" ? input.split(/[\s,]+/) : [...input]).map((s) => s.trim()).filter(Boolean);
  const unique = [...new Set(parts)];
  return { scopes: unique.filter(isScope), unknown: unique.filter((s) => !isScope(s)) };
}
