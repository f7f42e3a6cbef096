"use client";
import { useQuery } from "@tanstack/react-query";
import type { RouterOutputs } from "@ems/core";
import { Button, Card } from "@ems/ui";

type Report = RouterOutputs["assessments"]["list"]["items"][number];

/**
 * The report as its readers see it. The HTML is fetched and shown through srcdoc in an iframe sandboxed to
 * nothing (no scripts, no same origin): the dashboard's pages may not be framed (frame-ancestors 'none').
 */
export function Preview({ report, onClose }: { report: Report; onClose: () => void }) {
  const html = useQuery({
    queryKey: ["assessment-html", report.id],
    queryFn: async () => {
      const res = await fetch(`/api/assessments/${report.id}/html`);
      if (!res.ok) throw new Error(((await res.json()) as { message: string }).message);
      return res.text();
    },
  });
  return (
    <Card
      title={`Report #${report.id}: ${report.scopeName}`}
      actions={
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      }
    >
      {html.error && <p className="text-sm text-muted-foreground">{html.error.message}</p>}
      {html.data && (
        <iframe
          title="Report preview"
          data-testid="assessment-preview"
          sandbox=""
          srcDoc={html.data}
          className="h-[720px] w-full rounded-md border bg-white"
        />
      )}
    </Card>
  );
}
