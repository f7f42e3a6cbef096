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
      {html.error && <p className="muted">{html.error.message}</p>}
      {html.data && (
        <iframe
          title="Report preview"
          data-testid="assessment-preview"
          sandbox=""
          srcDoc={html.data}
          style={{ width: "100%", height: 720, border: "1px solid #e2e8f0", borderRadius: 6, background: "#fff" }}
        />
      )}
    </Card>
  );
}
