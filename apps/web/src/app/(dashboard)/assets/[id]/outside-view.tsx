"use client";
// What anyone can see of the asset, from its latest check, as readable panels (docs/api.md, Outside view).
import { useQuery } from "@tanstack/react-query";
import type { RouterOutputs } from "@ems/core";
import {
  Badge,
  Card,
  EmptyState,
  RelativeTime,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@ems/ui";
import { errorMessage, useTRPC } from "@/trpc/client";

type View = RouterOutputs["assets"]["outside"];

function Pairs({ rows, label }: { rows: [string, string][]; label: string }) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead className="w-48">Name</TableHead>
          <TableHead>Value</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(([k, v], i) => (
          <TableRow key={`${k}-${i}`}>
            <TableCell className="align-top font-mono text-xs">{k}</TableCell>
            <TableCell className="font-mono text-xs wrap-break-word whitespace-pre-wrap">{v}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function DnsPanel({ dns }: { dns: View["dns"] }) {
  if (!dns) return <p className="text-sm text-muted-foreground">No DNS answer was recorded.</p>;
  const rows: [string, string][] = [
    ...dns.cname.map((v): [string, string] => ["CNAME", v]),
    ...dns.a.map((v): [string, string] => ["A", v]),
    ...dns.aaaa.map((v): [string, string] => ["AAAA", v]),
  ];
  return rows.length ? (
    <Pairs rows={rows} label="DNS records" />
  ) : (
    <p className="text-sm text-muted-foreground">The name has no address records.</p>
  );
}

function HttpPanel({ http, error, scheme }: { http: View["http"]; error: string | null; scheme: string }) {
  if (!http)
    return (
      <p className="text-sm text-muted-foreground">
        {error ? `No ${scheme} answer: ${error}` : `No ${scheme} answer.`}
      </p>
    );
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm wrap-break-word">
        <strong>{http.status}</strong> from {http.url}
        {http.title ? ` — “${http.title}”` : ""}
      </p>
      {http.hops.length > 1 && (
        <p className="text-sm wrap-break-word text-muted-foreground">
          Redirects: {http.hops.map((h) => `${h.status} ${h.url}`).join(" → ")}
        </p>
      )}
      <Pairs rows={Object.entries(http.headers).sort(([a], [b]) => a.localeCompare(b))} label={`${scheme} headers`} />
    </div>
  );
}

function TlsPanel({ tls }: { tls: View["tls"] }) {
  if (!tls) return <p className="text-sm text-muted-foreground">No TLS certificate was seen.</p>;
  const expires = new Date(tls.validTo);
  const rows: [string, string][] = [
    ["Subject", tls.subject],
    ["Issuer", tls.issuer],
    ["Valid from", tls.validFrom],
    ["Valid until", `${tls.validTo}${expires.getTime() < Date.now() ? " (expired)" : ""}`],
    ["Names", tls.altNames.join(", ") || "—"],
    ["Protocol", `${tls.protocol}, ${tls.cipher}`],
    [
      "Trusted",
      tls.authorized
        ? "yes"
        : `no${tls.selfSigned ? " (self-signed)" : ""}${tls.authorizationError ? `: ${tls.authorizationError}` : ""}`,
    ],
  ];
  return <Pairs rows={rows} label="TLS certificate" />;
}

export function OutsideView({ id, pending }: { id: number; pending: boolean }) {
  const trpc = useTRPC();
  const view = useQuery({ ...trpc.assets.outside.queryOptions({ id }), enabled: !pending });
  const v = view.data;
  return (
    <Card
      title="Outside view"
      description={
        v?.checkedAt ? (
          <>
            What anyone on the internet sees of this asset, as of the check <RelativeTime date={v.checkedAt} />.
          </>
        ) : (
          "What anyone on the internet sees of this asset."
        )
      }
      data-testid="outside-view"
    >
      {view.error ? (
        <p className="text-sm text-muted-foreground">{errorMessage(view.error)}</p>
      ) : pending || !v ? (
        <Skeleton className="h-40 w-full" />
      ) : !v.checkedAt ? (
        <EmptyState title="Not checked yet" description="The outside view comes with the first reachability check." />
      ) : (
        <div className="grid gap-6">
          <section aria-label="Technologies" data-testid="outside-technologies">
            <h3 className="mb-2 text-sm font-medium">Technologies</h3>
            {v.technologies.length ? (
              <div className="flex flex-wrap gap-1.5">
                {v.technologies.map((t) => (
                  <Badge key={t.name} variant="secondary" title={`${t.category} — ${t.evidence}`}>
                    {t.name}
                    {t.version ? ` ${t.version}` : ""}
                  </Badge>
                ))}
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">None recognised.</p>
            )}
          </section>
          <section aria-label="DNS records" data-testid="outside-dns">
            <h3 className="mb-2 text-sm font-medium">DNS records</h3>
            <DnsPanel dns={v.dns} />
          </section>
          <section aria-label="TLS certificate" data-testid="outside-tls">
            <h3 className="mb-2 text-sm font-medium">TLS certificate</h3>
            <TlsPanel tls={v.tls} />
          </section>
          <section aria-label="HTTPS" data-testid="outside-https">
            <h3 className="mb-2 text-sm font-medium">HTTPS</h3>
            <HttpPanel http={v.https} error={v.errors.https} scheme="HTTPS" />
          </section>
          <section aria-label="HTTP" data-testid="outside-http">
            <h3 className="mb-2 text-sm font-medium">HTTP</h3>
            <HttpPanel http={v.http} error={v.errors.http} scheme="HTTP" />
          </section>
        </div>
      )}
    </Card>
  );
}

/** The screenshot of the latest check, or why there is none. */
export function ScreenshotCard({ asset: a }: { asset: RouterOutputs["assets"]["get"] }) {
  const trpc = useTRPC();
  const view = useQuery({ ...trpc.assets.outside.queryOptions({ id: a.id }), enabled: a.status !== "pending" });
  const shot = view.data?.screenshot;
  return (
    <Card title="Screenshot">
      {a.status === "pending" || view.isLoading ? (
        <Skeleton className="aspect-video w-full" />
      ) : shot ? (
        <img
          data-testid="screenshot"
          src={`/api/assets/${a.id}/screenshot?t=${shot.takenAt.getTime()}`}
          alt={`Screenshot of ${a.value}`}
          className="max-w-full rounded-md border"
        />
      ) : (
        <EmptyState
          data-testid="screenshot-empty"
          title="No screenshot"
          description={
            a.check.screenshotError
              ? `The last check took none: ${a.check.screenshotError}`
              : a.disabledScannerTypes.includes("screenshot")
                ? "Screenshots are turned off in this asset's scan profile."
                : "The site showed nothing to take a picture of (no web page answered)."
          }
        />
      )}
    </Card>
  );
}
