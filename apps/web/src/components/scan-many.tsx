"use client";
// Scan many from the dashboard (scans.startMany): the assets list's bulk "Scan" and a project's "Scan all assets".
// One call; its answer stays on the page: how many started (and how many wait for the plan's scans at a time), and
// each asset that did not start with the reason in words, linked to the asset (or to the scan in the way).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { RouterInputs, RouterOutputs } from "@ems/core";
import { Button, plural, toast } from "@ems/ui";
import { label } from "@/components/labels";
import { errorMessage, useTRPC } from "@/trpc/client";

type Answer = RouterOutputs["scans"]["startMany"];
type Target = Omit<RouterInputs["scans"]["startMany"], "profile">;

/** The call and its latest answer, kept until dismissed. */
export function useScanMany(onDone?: () => void) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const start = useMutation(
    trpc.scans.startMany.mutationOptions({
      onSuccess: (a) => {
        setAnswer(a);
        void qc.invalidateQueries({ queryKey: trpc.assets.pathKey() });
        void qc.invalidateQueries({ queryKey: trpc.scans.pathKey() });
        onDone?.();
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  return {
    start: (target: Target) => start.mutate(target),
    pending: start.isPending,
    answer,
    dismiss: () => setAnswer(null),
  };
}

/** "Started 3 scans (1 waits for the plan's 2 at a time); 2 not started:" and the list of why not. */
export function ScanManyAnswer({ scan }: { scan: ReturnType<typeof useScanMany> }) {
  const a = scan.answer;
  if (!a) return null;
  const refused = a.results.filter((r) => !r.started);
  return (
    <div role="status" className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="scan-many-result">
      <p className="flex flex-wrap items-center gap-2">
        <strong data-testid="scan-many-started">
          {a.started ? `Started ${plural(a.started, "scan")}` : "No scan started"}
        </strong>
        {a.waiting > 0 && (
          <span>
            ({a.waiting} {a.waiting === 1 ? "waits" : "wait"} for the plan&apos;s {a.concurrentScans} scans at a time)
          </span>
        )}
        {refused.length > 0 && <span data-testid="scan-many-not-started">{refused.length} not started:</span>}
        <Button size="sm" variant="ghost" className="ml-auto" onClick={scan.dismiss}>
          Dismiss
        </Button>
      </p>
      {refused.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {refused.map((r) => (
            <li key={r.assetId} data-testid="scan-many-refusal">
              {r.value ? (
                <Link href={`/assets/${r.assetId}`} className="wrap-break-word">
                  {r.value}
                </Link>
              ) : (
                `Asset #${r.assetId}`
              )}
              : {r.code ? label("scanRefusal", r.code) : r.reason}
              {r.activeScanId && (
                <>
                  {" "}
                  (<Link href={`/scans/${r.activeScanId}`}>scan #{r.activeScanId}</Link>)
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
