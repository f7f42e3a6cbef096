"use client";
import { ConfidenceBadge, type Confidence } from "@ems/ui";

/** A finding's evidence: how sure it is, what was asked, what came back (or the conversation), what matched. */
export function Evidence({ evidence, confidence }: { evidence: Record<string, unknown>; confidence?: Confidence }) {
  const { url, request, response, transcript, matched } = evidence as {
    url?: string;
    request?: string;
    response?: string;
    transcript?: string;
    matched?: string;
  };
  return (
    <div className="flex items-start gap-2">
      {confidence && <ConfidenceBadge confidence={confidence} />}
      <details data-testid="evidence" className="min-w-0">
        <summary className="cursor-pointer text-sm break-all text-muted-foreground">
          {url ?? (matched ? String(matched).slice(0, 60) : "show")}
        </summary>
        {request && <pre className="mt-2 text-xs break-all whitespace-pre-wrap">{request}</pre>}
        {response && (
          <pre className="mt-2 max-h-60 overflow-auto text-xs break-all whitespace-pre-wrap">{response}</pre>
        )}
        {transcript && (
          <pre className="mt-2 max-h-60 overflow-auto text-xs break-all whitespace-pre-wrap" data-testid="transcript">
            {transcript}
          </pre>
        )}
        {matched && (
          <p className="mt-2 text-xs break-all">
            Matched: <code>{String(matched)}</code>
          </p>
        )}
      </details>
    </div>
  );
}
