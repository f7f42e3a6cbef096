// Findings become issues: one issue per kind of problem and asset. A scan
// that sees a kind again refreshes its issue (and reopens it if it was
// resolved); one that could have seen it and did not resolves it (verified),
// and verifies an issue resolved by hand; a dismissed issue stays dismissed
// until its dismissal expires. A focused scan (a retest) touches only the
// issues of its kinds, and resolves only the kinds it looked at to the end. Discovery
// raises its takeover issues through the same path (origin: the run); only a
// scan's findings are also kept as Finding rows (a finding belongs to a scan).
import type { Issue, Prisma } from "@ems/db";
import { capHides, type ScanFinding } from "@ems/scanners";
import { writeAudit, type Changes } from "../audit/write.ts";
import { scannerActor } from "../actors.ts";
import type { ScopedTx } from "../db/scoped.ts";
import { dashed } from "../enum-names.ts";
import { issueClassificationData } from "../enrichment/classification.ts";
import { maskFinding, type HeldSecret } from "../secrets/secrets.mask.ts";

/** The scanner a kind comes from; an issue is only resolved when its scanner ran to the end. */
export function scannerOfKind(kind: string): string {
  const prefix = kind.split(".")[0];
  return (
    {
      port: "ports",
      tls: "tls",
      http: "http",
      service: "services",
      dns: "dns",
      tech: "technologies",
      template: "templates",
      nuclei: "nuclei",
      scan: "scan",
    }[prefix!] ?? prefix!
  );
}

/** A scanner's finding, or one of discovery's (scanner "discovery", evidence in the description). */
export type IssueFinding = Omit<ScanFinding, "scanner"> & { scanner: ScanFinding["scanner"] | "discovery" };

/** What saw the findings: a scan, or a discovery run; audit entries name it. */
export type IssueOrigin = { scanId: number } | { discoveryRunId: number };

/** A focused scan's kinds, and those it looked at to the end (the engine's lookedAt). */
export interface SyncFocus {
  kinds: ReadonlySet<string>;
  lookedAt: ReadonlySet<string>;
}

export async function syncIssues(
  tx: ScopedTx,
  input: {
    workspaceId: number;
    assetId: number;
    origin: IssueOrigin;
    /** The address the scan reached (null for discovery and buckets): with the port, what links issues across names. */
    address?: string | null;
    findings: IssueFinding[];
    completedStages: Set<string>;
    /** The caps that bit: what they left out (ports, or the rest of a stage) was not looked at. */
    caps?: Parameters<typeof capHides>[0];
    /** A retest: only these kinds are synced. */
    focus?: SyncFocus;
    now: Date;
  },
) {
  const { workspaceId, assetId, origin, completedStages, focus, now } = input;
  const caps = input.caps ?? [];
  const address = input.address ?? null;
  const found = focus ? input.findings.filter((f) => focus.kinds.has(f.kind)) : input.findings;
  /**
   * Whether this scan looked for the kind (on the issue's port) to the end, so that not seeing it means it is gone: its
   * stage finished, and no cap of that stage left the port (or the rest of the stage) out.
   */
  const lookedAt = (kind: string, port: number | null) =>
    focus
      ? focus.lookedAt.has(kind)
      : completedStages.has(scannerOfKind(kind)) && !capHides(caps, scannerOfKind(kind), port);
  const retest: Changes = focus ? { trigger: { before: null, after: "retest" } } : {};
  const scanId = "scanId" in origin ? origin.scanId : null;
  const originChange = Object.fromEntries(Object.entries(origin).map(([k, v]) => [k, { before: null, after: v }]));
  const actor = scannerActor(workspaceId);
  const existing = await tx.issue.findMany({
    where: { assetId, ...(focus ? { kind: { in: [...focus.kinds] } } : {}) },
  });
  const byKind = new Map(existing.map((i) => [i.kind, i]));
  const opened: Issue[] = [];
  const reopened: Issue[] = [];
  const findingRows: Prisma.FindingCreateManyInput[] = [];
  const rowsWithSecrets: Array<{ row: Prisma.FindingCreateManyInput; secrets: HeldSecret[] }> = [];

  // Secrets are masked before anything is stored; their clear values are kept apart (secrets/secrets.mask.ts).
  for (const { finding: f, secrets } of found.map(maskFinding)) {
    const issue = byKind.get(f.kind);
    const classification = issueClassificationData(f.kind, f.evidence);
    let issueId: number;
    if (!issue) {
      const created = await tx.issue.create({
        data: {
          workspaceId,
          assetId,
          kind: f.kind,
          title: f.title.slice(0, 500),
          description: f.description,
          severity: f.severity,
          confidence: f.confidence ?? "firm",
          port: f.port ?? null,
          address: f.port === undefined ? null : address,
          firstSeenAt: now,
          lastSeenAt: now,
          ...classification,
        },
      });
      issueId = created.id;
      opened.push(created);
    } else {
      issueId = issue.id;
      const dismissalOver =
        issue.status === "dismissed" && issue.dismissedUntil !== null && issue.dismissedUntil <= now;
      const reopen = issue.status === "resolved" || dismissalOver;
      const updated = await tx.issue.update({
        where: { id: issue.id },
        data: {
          lastSeenAt: now,
          title: f.title.slice(0, 500),
          description: f.description,
          severity: f.severity,
          confidence: f.confidence ?? "firm",
          port: f.port ?? null,
          address: f.port === undefined ? null : address,
          ...classification,
          ...(reopen
            ? {
                status: "open",
                resolvedAt: null,
                verified: null,
                dismissedAt: null,
                dismissReason: null,
                dismissedUntil: null,
              }
            : {}),
        },
      });
      if (reopen) {
        reopened.push(updated);
        await writeAudit(tx, actor, {
          action: "issue.reopen",
          resourceType: "issue",
          resourceId: issue.id,
          changes: { status: { before: dashed(issue.status), after: "open" }, ...originChange, ...retest },
        });
      }
    }
    if (scanId === null) continue;
    const row: Prisma.FindingCreateManyInput = {
      workspaceId,
      scanId,
      assetId,
      issueId,
      scanner: f.scanner,
      kind: f.kind,
      title: f.title.slice(0, 500),
      severity: f.severity,
      confidence: f.confidence ?? "firm",
      port: f.port ?? null,
      evidence: { description: f.description, ...f.evidence } as object,
    };
    if (secrets.length) rowsWithSecrets.push({ row, secrets });
    else findingRows.push(row);
  }
  // One insert for the scan's findings; those with secrets one by one, their clear values with them.
  if (findingRows.length) await tx.finding.createMany({ data: findingRows });
  for (const { row, secrets } of rowsWithSecrets) {
    await tx.finding.create({
      data: { ...row, secrets: { createMany: { data: secrets.map((s) => ({ ...s, workspaceId })) } } },
    });
  }

  const seen = new Set(found.map((f) => f.kind));
  const resolved: Issue[] = [];
  const verified: Issue[] = [];
  for (const issue of existing) {
    if (seen.has(issue.kind) || !lookedAt(issue.kind, issue.port)) continue;
    if (["open", "in_progress"].includes(issue.status)) {
      const data = { status: "resolved", resolvedAt: now, verified: true } as const;
      resolved.push(await tx.issue.update({ where: { id: issue.id }, data }));
      await writeAudit(tx, actor, {
        action: "issue.resolve",
        resourceType: "issue",
        resourceId: issue.id,
        changes: { status: { before: dashed(issue.status), after: "resolved" }, ...originChange, ...retest },
      });
    } else if (issue.status === "resolved" && issue.verified !== true) {
      // Resolved by hand: this scan looked and confirms it gone.
      verified.push(await tx.issue.update({ where: { id: issue.id }, data: { verified: true } }));
      await writeAudit(tx, actor, {
        action: "issue.verify",
        resourceType: "issue",
        resourceId: issue.id,
        changes: { verified: { before: issue.verified, after: true }, ...originChange, ...retest },
      });
    }
  }
  return { opened, reopened, resolved, verified };
}
