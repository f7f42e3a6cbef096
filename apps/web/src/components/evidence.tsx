"use client";
/** A finding's evidence: what was asked, what came back, what matched. */
export function Evidence({ evidence }: { evidence: Record<string, unknown> }) {
  const { url, request, response, matched } = evidence as {
    url?: string;
    request?: string;
    response?: string;
    matched?: string;
  };
  return (
    <details data-testid="evidence">
      <summary className="muted">{url ?? (matched ? String(matched).slice(0, 60) : "show")}</summary>
      {request && <pre style={{ whiteSpace: "pre-wrap", fontSize: 12 }}>{request}</pre>}
      {response && (
        <pre style={{ whiteSpace: "pre-wrap", fontSize: 12, maxHeight: 240, overflow: "auto" }}>{response}</pre>
      )}
      {matched && (
        <p style={{ fontSize: 12 }}>
          Matched: <code>{String(matched)}</code>
        </p>
      )}
    </details>
  );
}
