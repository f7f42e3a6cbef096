"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button, plural, toast } from "@ems/ui";
import { label } from "@/components/labels";
import { Progress } from "@/components/progress";
import { errorMessage, useTRPC } from "@/trpc/client";

/**
 * Starts discovery (under one domain, a project's proven domains, or every proven domain) and shows the
 * progress of the runs it started until they end, polling each run.
 */
export function RunButton({ projectId, domain }: { projectId?: number; domain?: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [runIds, setRunIds] = useState<number[]>([]);
  const start = useMutation(
    trpc.discovery.run.mutationOptions({
      onSuccess: (r) => setRunIds(r.runs.map((x) => x.id)),
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Button
        variant="primary"
        onClick={() => start.mutate(domain ? { domain } : { projectId })}
        disabled={start.isPending}
        data-testid="discovery-run"
      >
        Run discovery
      </Button>
      {runIds.map((id) => (
        <RunProgress
          key={id}
          id={id}
          onDone={() => void qc.invalidateQueries({ queryKey: trpc.discovery.pathKey() })}
        />
      ))}
    </span>
  );
}

function RunProgress({ id, onDone }: { id: number; onDone: () => void }) {
  const trpc = useTRPC();
  const run = useQuery({
    ...trpc.discovery.getRun.queryOptions({ id }),
    refetchInterval: (q) => (q.state.data?.status === "done" || q.state.data?.status === "failed" ? false : 1000),
  });
  const r = run.data;
  const over = r?.status === "done" || r?.status === "failed";
  // The list and the summary change when a run ends: refresh them once.
  const told = useRef(false);
  useEffect(() => {
    if (!over || told.current) return;
    told.current = true;
    onDone();
  }, [over, onDone]);
  if (!r) return null;
  if (r.status === "done")
    return (
      <span data-testid="discovery-run-status">
        {r.domain}: done, {r.found} found, {r.new} new
        {r.sourceErrors.length > 0 &&
          ` (sources that failed: ${r.sourceErrors.map((e) => label("discoverySource", e.source)).join(", ")})`}
        {r.autoAdd && (
          <span className="block text-sm" data-testid="discovery-run-auto-add">
            {`${plural(r.autoAdd.added, "new host")} added as assets by itself` +
              r.autoAdd.refused.map((x) => `; ${plural(x.count, "host")} not added: ${x.message}`).join("")}
          </span>
        )}
        {r.capped && (
          <span className="block text-sm text-muted-foreground" data-testid="discovery-run-capped">
            {`Stopped at ${plural(r.capped.limit, "host")}, the most one run keeps: ` +
              `${plural(r.capped.dropped, "more name was", "more names were")} left out ` +
              "(the operator's EMS_DISCOVERY_MAX_HOSTS)."}
          </span>
        )}
      </span>
    );
  if (r.status === "failed")
    return <span data-testid="discovery-run-status">{`${r.domain}: failed — ${r.error ?? "unknown error"}`}</span>;
  const percent = r.progress.total ? Math.round((r.progress.done / r.progress.total) * 100) : 0;
  const phase = r.progress.phase ? ` · ${label("discoveryPhase", r.progress.phase)}` : "";
  return (
    <span data-testid="discovery-run-status">
      <Progress value={percent} label={`${r.domain}: ${label("discoveryRunStatus", r.status).toLowerCase()}${phase}`} />
    </span>
  );
}
