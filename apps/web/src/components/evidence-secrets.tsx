"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { RouterOutputs } from "@ems/core";
import { Button, toast } from "@ems/ui";
import { useMe } from "@/components/use-me";
import { errorMessage, useTRPC } from "@/trpc/client";

type EvidenceSecret = RouterOutputs["findings"]["list"]["items"][number]["evidence"]["secrets"][number];

/**
 * The secrets a finding's evidence holds, masked as stored; owners and admins reveal one at a time (each reveal is in
 * the audit log). The clear value stays on this page only, never in the query cache.
 */
export function EvidenceSecrets({ findingId, secrets }: { findingId: number; secrets: EvidenceSecret[] }) {
  const trpc = useTRPC();
  const { isAdmin } = useMe();
  const [revealed, setRevealed] = useState<Record<number, string>>({});
  const reveal = useMutation(
    trpc.findings.reveal.mutationOptions({
      onSuccess: (r) => setRevealed((all) => ({ ...all, [r.secret]: r.value })),
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  if (!secrets.length) return null;
  return (
    <div className="mt-1 flex flex-col gap-1 text-sm" data-testid="evidence-secrets">
      <p className="text-muted-foreground">
        Secrets in this evidence are masked{isAdmin ? "" : "; owners and admins can reveal them"}.
      </p>
      <ul className="flex flex-col gap-1">
        {secrets.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-2" data-testid="evidence-secret">
            <span>{s.label}</span>
            <code className="text-xs break-all" data-testid="secret-value">
              {revealed[s.id] ?? s.mask}
            </code>
            {isAdmin && revealed[s.id] === undefined && (
              <Button
                size="sm"
                variant="secondary"
                disabled={reveal.isPending}
                onClick={() => reveal.mutate({ id: findingId, secret: s.id })}
              >
                Reveal
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
