// Retesting issues ("is it gone?"): a scan of the issue's asset focused on its
// kind and port (trigger "retest"), started and queued in one transaction like
// any scan (ownership proven, one active scan per asset). When it finishes,
// scans.run.ts syncs only the kinds it looked at to the end (issues.sync.ts):
// gone → resolved and verified; seen → fresh evidence; not looked at → as it was.
import { focusableKind } from "@ems/scanners";
import { writeAudit } from "../audit/write.ts";
import type { ScopedTx } from "../db/scoped.ts";
import { AppError, ErrorCode, notFound } from "../errors.ts";
import { sqlIn } from "../jobs/sql-in.ts";
import { scanJob } from "../scans/scans.run.ts";
import type { ScanFocusValue } from "../scans/scans.schemas.ts";
import { insertScan, presentScan } from "../scans/scans.service.ts";
import type { ServiceContext } from "../service-context.ts";
import type { RetestResult } from "./issues.retest.schemas.ts";

type RetestedIssue = { id: number; assetId: number; kind: string; port: number | null };

function queue(sc: ServiceContext<"jobs">) {
  const jobs = sc.services.jobs;
  if (!jobs) throw new AppError(503, "UNAVAILABLE", "Scans cannot be queued in this process");
  return jobs;
}

/** 422 for a kind no focused scan can look for on its own (nuclei's, the scan's own notes, discovery's). */
function requireRetestable(issue: RetestedIssue) {
  if (!focusableKind(issue.kind))
    throw new AppError(
      422,
      ErrorCode.NOT_RETESTABLE,
      `Issue ${issue.id} (${issue.kind}) cannot be retested on its own: no check looks for this kind alone; ` +
        "a full scan of the asset (POST /app/scans) looks at it again",
    );
}

/** Starts one retest scan of an asset for its issues (each retestable), queued in the same transaction. */
async function startRetest(sc: ServiceContext<"jobs">, tx: ScopedTx, issues: RetestedIssue[]) {
  const ports = [...new Set(issues.flatMap((i) => (i.port === null ? [] : [i.port])))].sort((a, b) => a - b);
  const focus: ScanFocusValue = {
    issueIds: issues.map((i) => i.id),
    kinds: [...new Set(issues.map((i) => i.kind))],
    ports,
    lookedAt: null,
  };
  const scan = await insertScan(tx, sc, issues[0]!.assetId, { trigger: "retest", focus });
  for (const issue of issues) {
    await writeAudit(tx, sc.actor, {
      action: "issue.retest",
      resourceType: "issue",
      resourceId: issue.id,
      changes: { scanId: { before: null, after: scan.id } },
    });
  }
  await queue(sc).enqueue(scanJob, { scanId: scan.id, workspaceId: sc.workspaceId }, { transaction: sqlIn(tx) });
  return scan;
}

const select = { id: true, assetId: true, kind: true, port: true } as const;

/** Retests one issue: the focused scan, queued (202). */
export async function retestIssue(sc: ServiceContext<"jobs">, id: number) {
  queue(sc);
  const scan = await sc.db.$transaction(async (tx) => {
    const issue = await tx.issue.findUnique({ where: { id }, select });
    if (!issue) throw notFound("Issue");
    requireRetestable(issue);
    return startRetest(sc, tx, [issue]);
  });
  return presentScan(scan);
}

/**
 * Retests many issues: one focused scan per asset (its selected issues' kinds and ports), each started in its own
 * transaction; one answer per id, in the order asked, saying whether its retest started and, if not, why.
 */
export async function retestIssues(sc: ServiceContext<"jobs">, ids: number[]): Promise<RetestResult[]> {
  queue(sc);
  const unique = [...new Set(ids)];
  const found = await sc.db.issue.findMany({ where: { id: { in: unique } }, select });
  const byId = new Map(found.map((i) => [i.id, i]));
  const answers = new Map<number, RetestResult>();
  const refuse = (id: number, err: AppError) =>
    answers.set(id, { id, started: false, scanId: null, code: err.appCode, message: err.message });

  const byAsset = new Map<number, RetestedIssue[]>();
  for (const id of unique) {
    const issue = byId.get(id);
    if (!issue) {
      refuse(id, notFound("Issue"));
      continue;
    }
    try {
      requireRetestable(issue);
      byAsset.set(issue.assetId, [...(byAsset.get(issue.assetId) ?? []), issue]);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refuse(id, err);
    }
  }
  for (const issues of byAsset.values()) {
    try {
      const scan = await sc.db.$transaction((tx) => startRetest(sc, tx, issues));
      for (const i of issues)
        answers.set(i.id, { id: i.id, started: true, scanId: scan.id, code: null, message: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      for (const i of issues) refuse(i.id, err);
    }
  }
  return unique.map((id) => answers.get(id)!);
}
