"use client";
// A finished scan next to the previous completed scan of its asset: severity summary, what is new, what was fixed.
import Link from "next/link";
import type { RouterOutputs } from "@ems/core";
import { Card, SEVERITIES, SeverityBadge, plural } from "@ems/ui";
import { label } from "@/components/labels";

type Comparison = RouterOutputs["scans"]["comparison"];
type Compared = NonNullable<Comparison["newFindings"]>;

export function SeveritySummary({ summary }: { summary: Comparison["summary"] }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="severity-summary">
      {SEVERITIES.map((s) => (
        // A severity with nothing found is shown quiet, in readable neutral colours
        // (not faded red: too little contrast).
        <SeverityBadge
          key={s}
          severity={s}
          label={`${summary[s]} ${s}`}
          className={summary[s] ? "" : "border-border bg-muted text-muted-foreground"}
        />
      ))}
      <span className="ml-1 text-sm text-muted-foreground">{plural(summary.total, "finding")}</span>
    </div>
  );
}

function ChangeList(props: { title: string; list: Compared; empty: string; testId: string }) {
  const { list } = props;
  return (
    <Card
      title={props.title}
      description={list.total > list.items.length ? `The ${list.items.length} most severe of ${list.total}` : undefined}
      data-testid={props.testId}
    >
      {list.total === 0 ? (
        <p className="text-sm text-muted-foreground">{props.empty}</p>
      ) : (
        <ul className="flex flex-col gap-1.5 text-sm">
          {list.items.map((f) => (
            <li key={f.kind} className="flex flex-wrap items-center gap-2">
              <SeverityBadge severity={f.severity} />
              {f.issueId ? <Link href={`/issues/${f.issueId}`}>{f.title}</Link> : f.title}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function ScanComparison({ comparison: c }: { comparison: Comparison }) {
  if (!c.previousScan)
    return (
      <p className="text-sm text-muted-foreground" data-testid="scan-comparison">
        The first completed scan of this asset: nothing to compare with yet.
      </p>
    );
  if (!c.newFindings || !c.fixedFindings) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="scan-comparison">
      <p className="text-sm text-muted-foreground">
        Compared with <Link href={`/scans/${c.previousScan.id}`}>scan #{c.previousScan.id}</Link>, the previous
        completed scan of this asset.
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChangeList
          title={`New since previous scan (${c.newFindings.total})`}
          list={c.newFindings}
          empty="Nothing new."
          testId="new-findings"
        />
        <ChangeList
          title={`Fixed since previous scan (${c.fixedFindings.total})`}
          list={c.fixedFindings}
          empty="Nothing fixed (a scanner that stopped early fixes nothing)."
          testId="fixed-findings"
        />
      </div>
    </div>
  );
}

/** "12.3 s", "600 s (time limit reached)". */
export function StageTimes({ stages }: { stages: Comparison["stages"] }) {
  return (
    <ul className="grid gap-x-6 text-sm sm:grid-cols-2" data-testid="stage-times">
      {stages.map((st) => (
        <li key={st.stage} className="flex justify-between gap-2">
          <span title={st.stage}>{label("scanStage", st.stage)}</span>
          <span className="tabular-nums text-muted-foreground">
            {st.seconds} s{st.timedOut ? " (time limit reached)" : ""}
            {st.error ? ` — ${st.error}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}
