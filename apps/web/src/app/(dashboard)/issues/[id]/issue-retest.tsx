"use client";
// "Is it gone?": the issue's retest (a scan focused on its kind and port), its progress until the scan ends, then
// the answer in words; and, for an issue resolved by hand, that nothing has verified it yet.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import type { RouterOutputs } from "@ems/core";
import { Button, RelativeTime, toast } from "@ems/ui";
import { Progress } from "@/components/progress";
import { errorMessage, useTRPC } from "@/trpc/client";

type Issue = RouterOutputs["issues"]["get"];
type Scan = RouterOutputs["scans"]["get"];

const active = (s: Scan | undefined) => !s || s.status === "queued" || s.status === "running";

export function IssueRetest({ issue, canWrite }: { issue: Issue; canWrite: boolean }) {
  const trpc = useTRPC();
  const [scanId, setScanId] = useState<number | null>(null);
  const retest = useMutation(
    trpc.issues.retest.mutationOptions({
      onSuccess: (scan) => setScanId(scan.id),
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const unverified = issue.status === "resolved" && issue.verified === false;
  return (
    <div className="mb-2 flex flex-col gap-1 text-sm" data-testid="issue-retest">
      {unverified && (
        <p data-testid="issue-unverified">
          Resolved by hand, not verified yet{canWrite ? " — Retest to confirm it is gone." : "."}
        </p>
      )}
      {canWrite && (
        <div>
          <Button
            size="sm"
            variant="secondary"
            disabled={retest.isPending}
            onClick={() => retest.mutate({ id: issue.id })}
            data-testid="issue-retest-button"
          >
            Retest
          </Button>
        </div>
      )}
      {scanId !== null && <RetestProgress key={scanId} scanId={scanId} issue={issue} />}
    </div>
  );
}

/** The retest scan until it ends, then what it concluded about this issue. */
function RetestProgress({ scanId, issue }: { scanId: number; issue: Issue }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const scan = useQuery({
    ...trpc.scans.get.queryOptions({ id: scanId }),
    refetchInterval: (q) => (active(q.state.data) ? 1000 : false),
  });
  const s = scan.data;
  const over = !active(s);
  // The issue (status, evidence, history) changed when the scan ended: refresh it once, and answer from the fresh one.
  const told = useRef(false);
  const [refreshed, setRefreshed] = useState(false);
  useEffect(() => {
    if (!over || told.current) return;
    told.current = true;
    void Promise.all([
      qc.invalidateQueries({ queryKey: trpc.issues.pathKey() }),
      qc.invalidateQueries({ queryKey: trpc.findings.pathKey() }),
    ]).finally(() => setRefreshed(true));
  }, [over, qc, trpc]);

  const say = (text: React.ReactNode) => <p data-testid="issue-retest-result">{text}</p>;
  if (!s || active(s) || !refreshed) return <Progress value={s?.progress ?? 0} label="Retesting…" />;
  const scanLink = <Link href={`/scans/${s.id}`}>scan #{s.id}</Link>;
  if (s.status !== "completed")
    return say(
      <>
        Retest {s.status}
        {s.error ? `: ${s.error}` : ""} ({scanLink}).
      </>,
    );
  if (!s.focus?.lookedAt?.includes(issue.kind))
    return say(<>Not looked at to the end (a stage ran out of time), so nothing changed ({scanLink}).</>);
  // The scan stores the issue's sighting at its own finish time.
  const seen = s.finishedAt !== null && new Date(issue.lastSeenAt).getTime() >= new Date(s.finishedAt).getTime();
  if (seen)
    return say(
      <>
        Still there: seen again <RelativeTime date={issue.lastSeenAt} /> ({scanLink}).
      </>,
    );
  return say(
    <>
      Gone: {issue.status === "resolved" ? "resolved" : "not seen"} ({scanLink}).
    </>,
  );
}
