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
      <summary className="cursor-pointer text-sm break-all text-muted-foreground">
        {url ?? (matched ? String(matched).slice(0, 60) : "show")}
      </summary>
      {request && <pre className="mt-2 text-xs break-all whitespace-pre-wrap">{request}</pre>}
      {response && <pre className="mt-2 max-h-60 overflow-auto text-xs break-all whitespace-pre-wrap">{response}</pre>}
      {matched && (
        <p className="mt-2 text-xs break-all">
          Matched: <code>{String(matched)}</code>
        </p>
      )}
    </details>
  );
}
