"use client";
import { proofOf, type FindingEvidence } from "./evidence-proof";

/** A finding's evidence: what proved it, in words, then the exchange itself for engineers. */
export function Evidence({ finding }: { finding: FindingEvidence }) {
  const { summary, quotes } = proofOf(finding);
  const { request, response } = finding.evidence as { request?: string; response?: string };
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm" data-testid="evidence">
      <p className="wrap-break-word" data-testid="evidence-summary">
        {summary}
      </p>
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
    </div>
  );
}
