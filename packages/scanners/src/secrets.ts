// Secrets inside evidence: the one pattern table (cloud and SaaS keys from the public catalogues gitleaks and
// secretlint keep, private keys, JWTs, credentials in URLs, Authorization and cookie headers, secret-named
// assignments, default logins that worked) and `findSecrets`, which says where each secret's value lies in a text.
// Core masks evidence with it before storing it (docs/api.md, Secrets in evidence). Pure: no network, no database.
import { SECRET_NAME, SECRET_SETTING } from "./checks/judges.ts";

/** A secret's value inside a text: [start, end) of the value alone, what it is, and the prefix safe to show. */
export interface SecretMatch {
  start: number;
  end: number;
  /** What the secret is ("AWS access key ID", "password (DB_PASSWORD)"). */
  label: string;
  /** How many leading characters identify the kind without helping use it (AKIA, ghp_, sk_live_); 0 for none. */
  prefix: number;
}

interface SecretPattern {
  id: string;
  label: string | ((m: RegExpExecArray) => string);
  /** The value is the named group `value`. */
  re: RegExp;
  prefix: number;
  /** A match this says is no secret (a placeholder, a value already masked) is skipped. */
  keep?: (value: string, m: RegExpExecArray) => boolean;
}

/** What the masker writes in place of a value; never matched again (masking twice changes nothing). */
export const MASK_OPEN = "[masked";

/** How a default login that worked is written in evidence (HTTP and TCP checks). */
export const loginAccepted = (username: string, password: string) => `${username} / ${password} accepted`;

const notMasked = (value: string) => !value.startsWith(MASK_OPEN) && !value.startsWith("…");
/** References to a secret kept elsewhere (${VAR}, %VAR%, {{var}}, env(…)) hold nothing to mask. */
const REFERENCE = /^(?:\$\{?\w|%\w+%$|\{\{|<%|env\(|process\.env|os\.environ|getenv|!vault|vault:|secretref:)/i;
const assignedValue = (value: string) => value.trim().length >= 3 && notMasked(value) && !REFERENCE.test(value);

/** Ordered: specific catalogue patterns first, so that a key inside an assignment is labelled by what it is. */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    id: "private-key",
    label: "private key",
    re: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?<value>[\s\S]+?)(?:-----END[^-\n]*-----|$)/g,
    prefix: 0,
  },
  {
    id: "aws-access-key-id",
    label: "AWS access key ID",
    re: /\b(?<value>(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})\b/g,
    prefix: 4,
  },
  {
    id: "aws-secret-access-key",
    label: "AWS secret access key",
    re: /aws_?secret_?(?:access_?)?key["']?\s*(?:=>|[:=])\s*["']?(?<value>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
    prefix: 0,
  },
  { id: "gcp-api-key", label: "Google API key", re: /\b(?<value>AIza[0-9A-Za-z_-]{35})(?![\w-])/g, prefix: 4 },
  {
    id: "azure-storage-key",
    label: "Azure storage account key",
    re: /AccountKey=(?<value>[A-Za-z0-9+/]{86}==)/g,
    prefix: 0,
  },
  { id: "github-token", label: "GitHub token", re: /\b(?<value>gh[pousr]_[A-Za-z0-9]{36,255})\b/g, prefix: 4 },
  { id: "github-pat", label: "GitHub token", re: /\b(?<value>github_pat_[A-Za-z0-9_]{22,255})\b/g, prefix: 11 },
  { id: "gitlab-token", label: "GitLab token", re: /\b(?<value>glpat-[A-Za-z0-9_-]{20,})(?![\w-])/g, prefix: 6 },
  { id: "slack-token", label: "Slack token", re: /\b(?<value>xox[abposr]-[A-Za-z0-9-]{10,})(?![\w-])/g, prefix: 5 },
  {
    id: "slack-webhook",
    label: "Slack webhook URL",
    re: /https:\/\/hooks\.slack\.com\/services\/(?<value>T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]+)/g,
    prefix: 0,
  },
  {
    id: "stripe-key",
    label: "Stripe key",
    re: /\b(?<value>(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,})\b/g,
    prefix: 8,
  },
  {
    id: "jwt",
    label: "JSON Web Token",
    re: /\b(?<value>eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})/g,
    prefix: 3,
  },
  {
    id: "url-credentials",
    label: (m) => `password in URL (${m[1]})`,
    re: /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@"'<>]+):(?<value>[^\s@/"'<>]+)@/gi,
    prefix: 0,
    keep: notMasked,
  },
  {
    id: "authorization-header",
    label: (m) => `${m[1]} header`,
    re: new RegExp(
      String.raw`^((?:proxy-)?authorization):[ \t]*` +
        String.raw`(?:(?:Basic|Bearer|Digest|Token|Negotiate|NTLM|AWS4-HMAC-SHA256)[ \t]+)?(?<value>[^\r\n]+)`,
      "gim",
    ),
    prefix: 0,
    keep: notMasked,
  },
  {
    id: "set-cookie",
    label: (m) => `cookie ${m[1]!.trim()}`,
    re: /^set-cookie:[ \t]*([^=\r\n;]+)=(?<value>[^;\r\n]+)/gim,
    prefix: 0,
    keep: notMasked,
  },
  {
    id: "cookie-header",
    label: "Cookie header",
    re: /^cookie:[ \t]*(?<value>[^\r\n]+)/gim,
    prefix: 0,
    keep: notMasked,
  },
  {
    id: "default-login",
    label: (m) => `password of ${m[1]}`,
    re: /^(\S+) \/ (?<value>\S+) accepted$/gm,
    prefix: 0,
    keep: notMasked,
  },
  {
    id: "assignment",
    label: (m) => `value of ${m[1]}`,
    // key = value, key: value, "key": "value", key => value; the value quoted or bare.
    re: new RegExp(
      String.raw`(?<![\w.-])["']?([A-Za-z_][\w.-]*)["']?\]?[ \t]*(?:=>|:|=)[ \t]*` +
        String.raw`(?:"(?<value>[^"\r\n]*)"|'([^'\r\n]*)'|([^\s"',;#{}[\]()<>&]+))`,
      "gm",
    ),
    prefix: 0,
    keep: (value, m) => SECRET_NAME.test(m[1]!) && !SECRET_SETTING.test(m[1]!) && assignedValue(value),
  },
];

/** Where the value of a match lies: the named group `value`, else the last group that matched (quote styles). */
function valueSpan(m: RegExpExecArray): [number, number] | null {
  const groups = m.indices!;
  const span = groups.groups?.value ?? [...groups].slice(1).reverse().find(Boolean);
  return span ? [span[0], span[1]] : null;
}

/**
 * The secrets a text holds, by position, without overlaps (an earlier pattern wins: a GitHub token assigned to
 * GITHUB_TOKEN is a GitHub token). Values already masked are not found again.
 */
export function findSecrets(text: string): SecretMatch[] {
  const found: SecretMatch[] = [];
  const overlaps = (s: number, e: number) => found.some((f) => s < f.end && e > f.start);
  for (const p of SECRET_PATTERNS) {
    const re = new RegExp(p.re.source, `${p.re.flags}d`);
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const span = valueSpan(m);
      if (!span || span[1] <= span[0]) continue;
      const value = text.slice(span[0], span[1]);
      if ((p.keep && !p.keep(value, m)) || overlaps(span[0], span[1])) continue;
      found.push({
        start: span[0],
        end: span[1],
        label: typeof p.label === "string" ? p.label : p.label(m),
        prefix: p.prefix,
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * How a secret is shown: its known prefix and last four characters when it is long enough for those to leave most of
 * it hidden, and its length ("[masked AKIA…MPLE, 20 chars]", "[masked, 8 chars]").
 */
export function maskOf(value: string, prefix: number): string {
  const shown =
    value.length >= 16
      ? `${value.slice(0, prefix)}…${value.slice(-4)}`
      : prefix && value.length >= 12
        ? `${value.slice(0, prefix)}…`
        : "";
  return `${MASK_OPEN}${shown ? ` ${shown}` : ""}, ${value.length} chars]`;
}
