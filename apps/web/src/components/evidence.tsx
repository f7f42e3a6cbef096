"use client";
import { ConfidenceBadge, type Confidence } from "@ems/ui";
import { proofOf, type FindingEvidence } from "./evidence-proof";
import { label } from "./labels";

/**
 * A finding's evidence: how sure it is and what proved it, in words; then the exchange itself (the request and
 * response, or a service's conversation) for engineers.
 */
export function Evidence({ finding }: { finding: FindingEvidence & { confidence?: Confidence } }) {
  const { summary, quotes } = proofOf(finding);
  const { request, response, transcript } = finding.evidence as {
    request?: string;
    response?: string;
    transcript?: string;
  };
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm" data-testid="evidence">
      <div className="flex items-start gap-1.5">
        {finding.confidence && (
          <ConfidenceBadge confidence={finding.confidence} label={label("confidence", finding.confidence)} />
        )}
        <p className="min-w-0 wrap-break-word" data-testid="evidence-summary">
          {summary}
        </p>
      </div>
      {quotes.length > 0 && (
        <ul className="flex flex-col gap-0.5 border-l-2 pl-2" data-testid="evidence-quotes">
          {quotes.map((q, i) => (
            <li key={i}>
              <code className="text-xs break-all">{q}</code>
            </li>
          ))}
        </ul>
      )}
      {(request || response) && (
        <details>
          <summary className="cursor-pointer text-muted-foreground">Request and response</summary>
          {request && <pre className="mt-2 text-xs break-all whitespace-pre-wrap">{request}</pre>}
          {response && (
            <pre className="mt-2 max-h-60 overflow-auto text-xs break-all whitespace-pre-wrap">{response}</pre>
          )}
        </details>
      )}
      {transcript && (
        <details>
          <summary className="cursor-pointer text-muted-foreground">The conversation</summary>
          <pre className="mt-2 max-h-60 overflow-auto text-xs break-all whitespace-pre-wrap" data-testid="transcript">
            {transcript}
          </pre>
        </details>
      )}
    </div>
  );
}
