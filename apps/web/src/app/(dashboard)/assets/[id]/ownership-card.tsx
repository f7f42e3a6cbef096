"use client";
// Whether the asset is proven, through what, and what to publish until it is.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import type { RouterOutputs } from "@ems/core";
import { Button, Card, Skeleton, StatusPill, plural, toast } from "@ems/ui";
import { humanize, label } from "@/components/labels";
import { SecretValue } from "@/components/secret-value";
import { useMe } from "@/components/use-me";
import { LocalTime } from "@/components/local-time";
import { errorMessage, useTRPC } from "@/trpc/client";

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-1 sm:grid-cols-[180px_minmax(0,1fr)] sm:gap-2">
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className="min-w-0 wrap-break-word">{children ?? "—"}</span>
    </div>
  );
}

export function OwnershipCard({ asset: a }: { asset: RouterOutputs["assets"]["get"] }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { canWrite } = useMe();
  const ownership = useQuery(trpc.assets.ownership.queryOptions({ id: a.id }));
  const verify = useMutation(
    trpc.assets.verifyOwnership.mutationOptions({
      onSuccess: (o) => {
        if (o.lastAttempt?.outcome === "could-not-check")
          toast.info(`Could not check: the record could not be looked up. Try again in a moment.`);
        else if (o.state !== "proven") toast.error(`Not proven yet: ${o.lastAttempt?.detail ?? ""}`);
        else if (o.covers) toast.success(`Ownership proven, with ${plural(o.covers, "subdomain")} under it`);
        else toast.success("Ownership proven");
        void qc.invalidateQueries({ queryKey: trpc.assets.pathKey() });
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const o = ownership.data;
  const provenThrough = a.ownershipProvenBy;
  return (
    <Card title="Ownership" data-testid="ownership">
      {!o ? (
        <Skeleton className="h-16 w-full" />
      ) : (
        <div className="flex flex-col gap-2">
          <Row label="State">
            <StatusPill status={label("ownership", o.state)} tone={o.state === "proven" ? "success" : "warning"} />
          </Row>
          {provenThrough && (
            <p className="text-sm" data-testid="proven-through">
              Proven through <Link href={`/assets/${provenThrough.id}`}>{provenThrough.value}</Link>.
            </p>
          )}
          {o.state === "proven" && o.method && !provenThrough && (
            <p className="text-sm text-muted-foreground">
              Proven by {label("ownershipMethod", o.method)} <LocalTime date={o.verifiedAt} />
              {o.covers > 0 && `; it also proves ${plural(o.covers, "subdomain")} under it`}.
            </p>
          )}
          {o.state !== "proven" && (
            <>
              <p className="text-sm text-muted-foreground">Publish one of these, then verify:</p>
              {o.methods.map((m) => (
                <div key={m.method} data-testid={`proof-${m.method}`}>
                  <strong>{humanize(label("ownershipMethod", m.method).replace(/^(a|its) /, ""))}</strong>:{" "}
                  {m.instructions}
                  <div className="mt-1">
                    <SecretValue
                      value={String(m.record.value ?? m.record.content ?? m.record.tag)}
                      label={`Copy the record for ${label("ownershipMethod", m.method)}`}
                    />
                  </div>
                </div>
              ))}
              {o.lastAttempt && (
                <p
                  data-testid="last-attempt"
                  data-outcome={o.lastAttempt.outcome}
                  className={
                    o.lastAttempt.success
                      ? "text-sm text-success"
                      : o.lastAttempt.outcome === "could-not-check"
                        ? "text-sm text-warning"
                        : "text-sm text-destructive-text"
                  }
                >
                  {label("ownershipOutcome", o.lastAttempt.outcome)} (<LocalTime date={o.lastAttempt.checkedAt} />
                  ): {o.lastAttempt.detail}
                </p>
              )}
              {canWrite && (
                <div>
                  <Button variant="primary" onClick={() => verify.mutate({ id: a.id })} disabled={verify.isPending}>
                    {verify.isPending ? "Verifying…" : "Verify ownership"}
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      )}
    </Card>
  );
}
