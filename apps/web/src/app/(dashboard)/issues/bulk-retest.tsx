"use client";
// The issues list's bulk "Retest": one call for the selection (one focused scan per asset), then one toast that
// says how many started and, for the others, why not.
import { useMutation } from "@tanstack/react-query";
import { Button, plural, toast } from "@ems/ui";
import { errorMessage, useTRPC } from "@/trpc/client";

export function BulkRetest({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const trpc = useTRPC();
  const retest = useMutation(
    trpc.issues.retestMany.mutationOptions({
      onSuccess: ({ results }) => {
        const started = results.filter((r) => r.started);
        const scans = new Set(started.map((r) => r.scanId)).size;
        const refused = results.filter((r) => !r.started);
        const head = started.length
          ? `Retest started for ${plural(started.length, "issue")} (${plural(scans, "scan")})`
          : "No retest started";
        if (refused.length)
          toast.error(
            `${head}; ${refused.length} not started: ${refused.map((r) => `#${r.id} ${r.message}`).join("; ")}`,
          );
        else toast.success(`${head}. Each issue is resolved or refreshed when its scan ends.`);
        onDone();
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={retest.isPending}
      onClick={() => retest.mutate({ ids })}
      data-testid="bulk-retest"
    >
      Retest
    </Button>
  );
}
