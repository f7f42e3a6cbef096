// What the field's shared vocabularies say about an issue: CVSS, CWE, references, its CVE ids, and whether they are
// known to be exploited (CISA KEV) or likely to be (FIRST EPSS), each figure with its as-of date.
import type { RouterOutputs } from "@ems/core";
import { Badge } from "@ems/ui";

type Issue = RouterOutputs["issues"]["get"];

const day = (d: Date) => d.toISOString().slice(0, 10);

/** 97 → "97th", 1 → "1st", 12 → "12th". */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10];
  return `${n}${suffix ?? "th"}`;
}

const external = { target: "_blank", rel: "noopener noreferrer" } as const;

export function ExploitBadges({ issue }: { issue: Pick<Issue, "kev" | "epss"> }) {
  const { kev, epss } = issue;
  if (!kev && !epss) return null;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {kev && (
        <Badge
          variant="critical"
          data-testid="kev-badge"
          title={`${kev.cveId} added ${kev.dateAdded}, due ${kev.dueDate}${kev.ransomware ? ", ransomware" : ""}`}
        >
          Known exploited (CISA KEV, as of {day(kev.asOf)})
        </Badge>
      )}
      {epss && (
        <Badge variant="outline" data-testid="epss-badge" title={`${epss.cveId}, EPSS model ${epss.modelVersion}`}>
          EPSS {epss.score.toFixed(2)} ({ordinal(Math.floor(epss.percentile * 100))} percentile, as of {day(epss.asOf)})
        </Badge>
      )}
    </span>
  );
}

/** A term and its ids, each linked to where it is described; nothing when there are none. */
function LinkRow(p: { term: string; testId: string; ids: string[]; href: (id: string) => string }) {
  if (!p.ids.length) return null;
  return (
    <>
      <dt>{p.term}</dt>
      <dd className="flex flex-wrap gap-x-2" data-testid={p.testId}>
        {p.ids.map((id) => (
          <a key={id} href={p.href(id)} {...external}>
            {id}
          </a>
        ))}
      </dd>
    </>
  );
}

/** CVSS, CWE, CVE ids (with the KEV entry picked) and references, linked. */
export function Classification({ issue }: { issue: Issue }) {
  if (!issue.cvss && !issue.cwe.length && !issue.cves.length && !issue.references.length) return null;
  return (
    <dl className="mb-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm" data-testid="issue-classification">
      {issue.cvss && (
        <>
          <dt>CVSS v3.1</dt>
          <dd data-testid="issue-cvss">
            {issue.cvss.score.toFixed(1)} <code className="break-all">{issue.cvss.vector}</code>
          </dd>
        </>
      )}
      <LinkRow
        term="CWE"
        testId="issue-cwe"
        ids={issue.cwe}
        href={(c) => `https://cwe.mitre.org/data/definitions/${c.replace(/^CWE-/, "")}.html`}
      />
      <LinkRow term="CVE" testId="issue-cves" ids={issue.cves} href={(c) => `https://nvd.nist.gov/vuln/detail/${c}`} />
      {issue.kev && (
        <>
          <dt>CISA KEV</dt>
          <dd>
            {issue.kev.cveId}: added {issue.kev.dateAdded}, remediation due {issue.kev.dueDate}
            {issue.kev.ransomware ? ", known in ransomware campaigns" : ""} (catalogue {issue.kev.catalogVersion})
          </dd>
        </>
      )}
      {issue.references.length > 0 && (
        <>
          <dt>References</dt>
          <dd>
            <ul data-testid="issue-references">
              {issue.references.map((r) => (
                <li key={r} className="break-all">
                  <a href={r} {...external}>
                    {r}
                  </a>
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </dl>
  );
}
