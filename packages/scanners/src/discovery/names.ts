// What counts as a discovered name: a DNS hostname strictly under the domain,
// lower-case, without "*." or a trailing dot. Everything else a source sends
// (e-mail addresses, names of other domains, junk) is dropped.

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** The normalised name if it lies under `domain` (not the domain itself), else null. */
export function nameUnder(raw: string, domain: string): string | null {
  const name = raw
    .trim()
    .toLowerCase()
    .replace(/^(\*\.)+/, "")
    .replace(/\.$/, "");
  if (name.length > 253 || !name.endsWith(`.${domain}`)) return null;
  const labels = name.slice(0, -domain.length - 1).split(".");
  return labels.every((l) => LABEL.test(l)) ? name : null;
}
