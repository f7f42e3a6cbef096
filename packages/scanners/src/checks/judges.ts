// Small pieces of logic several checks' judges share (matchers cannot parse
// cookies).

/** Attributes missing per cookie of a Set-Cookie header (lines joined with "\n"). */
export function cookieProblems(
  setCookie: string | undefined,
  https: boolean,
): Array<{ cookie: string; missing: string[] }> {
  if (!setCookie) return [];
  const out: Array<{ cookie: string; missing: string[] }> = [];
  for (const line of setCookie.split("\n")) {
    const [pair, ...attrs] = line.split(";").map((s) => s.trim());
    const name = (pair ?? "").split("=")[0]!.trim();
    if (!name) continue;
    const names = attrs.map((a) => a.split("=")[0]!.trim().toLowerCase());
    const missing: string[] = [];
    if (https && !names.includes("secure")) missing.push("Secure");
    if (!names.includes("httponly")) missing.push("HttpOnly");
    if (!names.includes("samesite")) missing.push("SameSite");
    if (missing.length) out.push({ cookie: name, missing });
  }
  return out;
}

/** Names session and login cookies use (PHPSESSID, JSESSIONID, connect.sid, laravel_session, auth_token…). */
export const SESSION_COOKIE = /sess|sid$|^sid|auth|token|login|remember|jwt|csrf|xsrf/i;

/** "session (no Secure, no HttpOnly)" lines for the evidence. */
export const cookieList = (problems: Array<{ cookie: string; missing: string[] }>) =>
  problems.map((p) => `${p.cookie} (no ${p.missing.join(", no ")})`).join("; ");
