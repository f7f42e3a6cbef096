"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { RouterInputs } from "@ems/core";
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  Field,
  PageHeader,
  SeverityBadge,
  StatusPill,
  Tabs,
  TabsList,
  TabsTrigger,
  toast,
} from "@ems/ui";
import { SecretValue } from "@/components/secret-value";
import { formatDate, useMe } from "@/components/use-me";
import { errorMessage, useTRPC } from "@/trpc/client";
import { STATUS_TONE } from "../assets-view";
import { DiscoveredHosts } from "./discovered-hosts";
import { AssetSchedules } from "./asset-schedules";

type Profile = RouterInputs["assets"]["update"];
type Part = RouterInputs["assets"]["outsideView"]["part"];
const PARTS = ["dns", "http", "https", "tls", "technologies"] as const satisfies Part[];
type Scanners = Profile["disabledScannerTypes"];
const SCANNERS = ["port-scan", "tls", "http", "technologies", "templates", "screenshot"] as const satisfies Scanners;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-1 sm:grid-cols-[180px_minmax(0,1fr)] sm:gap-2">
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className="min-w-0 break-all">{children ?? "—"}</span>
    </div>
  );
}

export function AssetView({ id }: { id: number }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const router = useRouter();
  const { canWrite } = useMe();
  const [part, setPart] = useState<(typeof PARTS)[number]>("dns");
  const [deleting, setDeleting] = useState(false);
  const asset = useQuery({
    ...trpc.assets.get.queryOptions({ id }),
    refetchInterval: (q) => (q.state.data?.status === "pending" ? 1500 : false),
  });
  const ownership = useQuery(trpc.assets.ownership.queryOptions({ id }));
  const view = useQuery({
    ...trpc.assets.outsideView.queryOptions({ id, part }),
    enabled: asset.data?.status !== "pending",
    retry: false,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.assets.pathKey() });
  const verify = useMutation(
    trpc.assets.verifyOwnership.mutationOptions({
      onSuccess: (o) => (
        o.state === "proven"
          ? toast.success("Ownership proven")
          : toast.error(`Not proven yet: ${o.lastAttempt?.detail ?? ""}`),
        refresh()
      ),
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const revalidate = useMutation(
    trpc.assets.revalidate.mutationOptions({
      onSuccess: (r) => (toast.info(r.message), refresh()),
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const update = useMutation(
    trpc.assets.update.mutationOptions({
      onSuccess: () => (toast.success("Scan profile saved"), refresh()),
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const remove = useMutation(
    trpc.assets.delete.mutationOptions({ onSuccess: (r) => (toast.success(r.message), router.push("/assets")) }),
  );
  const scan = useMutation(
    trpc.scans.start.mutationOptions({
      onSuccess: (s) => router.push(`/scans/${s.id}`),
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );

  const a = asset.data;
  if (asset.error) return <EmptyState title="Asset not found" description={errorMessage(asset.error)} />;
  if (!a) return <PageHeader title="Asset" />;
  const o = ownership.data;

  function saveProfile(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    update.mutate({
      id,
      portScanMode: String(f.get("portScanMode")) as Profile["portScanMode"],
      nucleiMinSeverity: String(f.get("nucleiMinSeverity")) as Profile["nucleiMinSeverity"],
      disabledScannerTypes: SCANNERS.filter((s) => !f.getAll("enabled").includes(s)),
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        eyebrow={`${a.type} · ${a.project.name}`}
        title={a.name ? `${a.name} (${a.value})` : a.value}
        actions={
          canWrite && (
            <span className="flex flex-wrap items-center gap-2">
              <Button
                variant="primary"
                onClick={() => scan.mutate({ assetId: id })}
                disabled={scan.isPending || !a.ownershipVerifiedAt}
                title={a.ownershipVerifiedAt ? undefined : "Prove ownership first"}
              >
                Start scan
              </Button>
              <Button variant="secondary" onClick={() => revalidate.mutate({ id })} disabled={revalidate.isPending}>
                Check again
              </Button>
              <Button variant="danger" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            </span>
          )
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Reachability" data-testid="reachability">
          <Row label="Status">
            <StatusPill status={a.status} tone={STATUS_TONE[a.status]} />
          </Row>
          <Row label="Address">{a.resolvedIp}</Row>
          <Row label="Canonical URL">{a.canonicalUrl}</Row>
          <Row label="CDN">{a.cdnProvider}</Row>
          {a.type === "bucket" && <Row label="Bucket provider">{a.bucketProvider}</Row>}
          <Row label="Last checked">{formatDate(a.lastCheckedAt)}</Row>
          {a.failReason && <Row label="Why">{a.failReason}</Row>}
          {a.status === "pending" && a.check.attempts > 1 && (
            <Row label="Attempt">
              <span data-testid="check-attempt">
                {a.check.attempts} of {a.check.maxAttempts} (the previous worker stopped mid-check)
              </span>
            </Row>
          )}
          {a.uncoveredRedirectHost && (
            <p data-testid="uncovered-redirect" className="mt-2 text-sm text-warning">
              The site sends visitors to <strong>{a.uncoveredRedirectHost}</strong>, which your ownership proof does not
              cover: the check stopped there. Add and prove that host to include it.
            </p>
          )}
        </Card>
        <Card title="Ownership" data-testid="ownership">
          {o && (
            <div className="flex flex-col gap-2">
              <Row label="State">
                <StatusPill
                  status={o.state === "proven" ? `proven (${o.method})` : "not proven"}
                  tone={o.state === "proven" ? "success" : "warning"}
                />
              </Row>
              {o.coveredBy && <Row label="Covered by">{o.coveredBy.value}</Row>}
              {o.state !== "proven" && (
                <>
                  <p className="text-sm text-muted-foreground">Publish one of these, then verify:</p>
                  {o.methods.map((m) => (
                    <div key={m.method} data-testid={`proof-${m.method}`}>
                      <strong>{m.method}</strong>: {m.instructions}
                      <div className="mt-1">
                        <SecretValue
                          value={String(m.record.value ?? m.record.content ?? m.record.tag)}
                          label={`Copy the ${m.method} record`}
                        />
                      </div>
                    </div>
                  ))}
                  {o.lastAttempt && (
                    <p
                      data-testid="last-attempt"
                      className={o.lastAttempt.success ? "text-sm text-success" : "text-sm text-destructive"}
                    >
                      Last attempt ({formatDate(o.lastAttempt.checkedAt)}): {o.lastAttempt.detail}
                    </p>
                  )}
                  {canWrite && (
                    <div>
                      <Button variant="primary" onClick={() => verify.mutate({ id })} disabled={verify.isPending}>
                        {verify.isPending ? "Verifying…" : "Verify ownership"}
                      </Button>
                    </div>
                  )}
                </>
              )}
            </div>
          )}
        </Card>
      </div>
      <Card title="Outside view" description="What anyone on the internet sees of this asset, from the latest check.">
        <Tabs value={part} onValueChange={(v) => setPart(v as (typeof PARTS)[number])} className="mb-2">
          <TabsList aria-label="Part of the outside view">
            {PARTS.map((p) => (
              <TabsTrigger key={p} value={p}>
                {p}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        {view.error ? (
          <p className="text-sm text-muted-foreground">{errorMessage(view.error)}</p>
        ) : (
          <pre data-testid="outside-view" className="max-h-90 overflow-auto rounded-md bg-muted p-3 text-xs">
            {view.data ? JSON.stringify(view.data.data, null, 2) : "…"}
          </pre>
        )}
      </Card>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <Card title="Screenshot">
          {a.status === "pending" ? (
            <p className="text-sm text-muted-foreground">Checking…</p>
          ) : a.check.screenshotError ? (
            <p className="text-sm text-muted-foreground" data-testid="screenshot-error">
              No screenshot: {a.check.screenshotError}
            </p>
          ) : (
            <img
              data-testid="screenshot"
              src={`/api/assets/${id}/screenshot?t=${a.lastCheckedAt?.getTime() ?? 0}`}
              alt={`Screenshot of ${a.value}`}
              className="max-w-full rounded-md border"
              onError={(e) => (e.currentTarget.style.display = "none")}
            />
          )}
        </Card>
        <Card title="Issues and technologies">
          <div className="flex flex-wrap items-center gap-1">
            {(["critical", "high", "medium", "low", "info"] as const).map((s) => (
              <SeverityBadge key={s} severity={s} label={`${a.severityBreakdown[s]} ${s}`} />
            ))}
          </div>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
            {a.technologies.map((t) => (
              <li key={t.name}>
                {t.name}
                {t.version ? ` ${t.version}` : ""} <span className="text-sm text-muted-foreground">({t.category})</span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <AssetSchedules assetId={id} proven={Boolean(a.ownershipVerifiedAt)} />
      {(a.type === "domain" || a.type === "subdomain") && <DiscoveredHosts domain={a.value} />}
      {canWrite && (
        <Card title="Scan profile">
          <form onSubmit={saveProfile} className="flex flex-col gap-4" data-testid="scan-profile">
            <div className="flex flex-wrap items-end gap-3">
              <Field label="Port scan">
                <select name="portScanMode" defaultValue={a.portScanMode}>
                  {["off", "web", "top100", "top1000", "full"].map((m) => (
                    <option key={m}>{m}</option>
                  ))}
                </select>
              </Field>
              <Field label="Template minimum severity">
                <select name="nucleiMinSeverity" defaultValue={a.nucleiMinSeverity}>
                  {["info", "low", "medium", "high", "critical"].map((m) => (
                    <option key={m}>{m}</option>
                  ))}
                </select>
              </Field>
            </div>
            <fieldset className="flex flex-wrap gap-x-4 gap-y-1 rounded-md border px-3 py-2">
              <legend className="text-sm text-muted-foreground">Scanners</legend>
              {SCANNERS.map((s) => (
                <label key={s} className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    name="enabled"
                    value={s}
                    defaultChecked={!a.disabledScannerTypes.includes(s)}
                  />{" "}
                  {s}
                </label>
              ))}
            </fieldset>
            <div>
              <Button type="submit" variant="primary" disabled={update.isPending}>
                Save profile
              </Button>
            </div>
          </form>
        </Card>
      )}
      <ConfirmDialog
        open={deleting}
        title={`Delete ${a.value}?`}
        danger
        requireText={a.value}
        confirmLabel="Delete asset"
        onCancel={() => setDeleting(false)}
        onConfirm={() => remove.mutateAsync({ id })}
      >
        This deletes the asset with its scans, findings, issues and scan schedules. It cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
