// A finding's or issue's classification (CVSS, CWE, references, CVE ids): the
// kind's, completed by what its source said. Findings keep their evidence, so
// theirs is read from it; issues keep what their latest finding's source said
// (columns written by syncIssues), so a change to the catalogue shows at once.
import type { Issue } from "@ems/db";
import { classify, sourceClassification } from "@ems/scanners";

/** What syncIssues stores on an issue from a finding: its source's classification, CVE ids with the kind's. */
export function issueClassificationData(kind: string, evidence: Record<string, unknown>) {
  const source = sourceClassification(evidence);
  return { ...source, cves: classify(kind, source).cves };
}

export const classifyFinding = (f: { kind: string; evidence: Record<string, unknown> }) =>
  classify(f.kind, sourceClassification(f.evidence));

export const classifyIssue = (i: Pick<Issue, "kind" | "cves" | "cvssVector" | "cwe" | "references">) =>
  classify(i.kind, { cves: i.cves, cvssVector: i.cvssVector, cwe: i.cwe, references: i.references });
