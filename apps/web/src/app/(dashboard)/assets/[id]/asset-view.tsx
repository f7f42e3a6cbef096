"use client";
// The asset's hub: its state, proof, open issues, scans, ports, schedules and outside view on one page.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@/components/intent-link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  Button,
  Card,
  ConfirmDialog,
  PageHeader,
  SEVERITIES,
  SeverityBadge,
  Skeleton,
  StatusPill,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
} from "@ems/ui";
import { DetailState } from "@/components/detail-state";
import { label } from "@/components/labels";
import { ASSET_TONE, Progress } from "@/components/progress";
import { useMe } from "@/components/use-me";
import { LocalTime } from "@/components/local-time";
import { errorData, errorMessage, useTRPC } from "@/trpc/client";
import { AssetIssues, AssetPorts, AssetScans } from "./asset-lists";
import { AssetSchedules } from "./asset-schedules";
import { DiscoveredHosts } from "./discovered-hosts";
import { OutsideView, ScreenshotCard } from "./outside-view";
import { OwnershipCard, Row } from "./ownership-card";
import { AssetCriticality } from "./asset-criticality";
import { ScanProfile, StartScan } from "./scan-profile";

/** Why a scan did not start, in a sentence (the API's message names REST paths, meant for API users). */
function scanStartError(e: unknown) {
  const code = errorData(e).code;
  if (code === "SCAN_ALREADY_ACTIVE") return "A scan of this asset is already running: wait for it or cancel it.";
  if (code === "OWNERSHIP_NOT_PROVEN") return "Prove that you own this asset before scanning it.";
  if (code === "RATE_LIMITED") return "Too many requests: try again in a minute.";
  return `The scan did not start: ${errorMessage(e).replace(/\s*\((GET|POST|PUT|PATCH|DELETE) \/app\/[^)]*\)/g, "")}`;
}

export function AssetView({ id }: { id: number }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const router = useRouter();
  const { canWrite } = useMe();
  const [deleting, setDeleting] = useState(false);
  const asset = useQuery({
    ...trpc.assets.get.queryOptions({ id }),
    refetchInterval: (q) => (q.state.data?.status === "pending" || q.state.data?.activeScan ? 2000 : false),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.assets.pathKey() });
  const revalidate = useMutation(
    trpc.assets.revalidate.mutationOptions({
      onSuccess: (r) => (toast.info(r.message), refresh()),
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const remove = useMutation(
    trpc.assets.delete.mutationOptions({ onSuccess: (r) => (toast.success(r.message), router.push("/assets")) }),
  );
  const scan = useMutation(
    trpc.scans.start.mutationOptions({
      // Coming back, the hub must show the scan as running (not the cached asset from before it started).
      onSuccess: (s) => {
        void refresh();
        void qc.invalidateQueries({ queryKey: trpc.scans.pathKey() });
        router.push(`/scans/${s.id}`);
      },
      onError: (e) => (toast.error(scanStartError(e)), refresh()),
    }),
  );

  const a = asset.data;
  if (!a)
    return (
      <DetailState
        what="asset"
        id={id}
        list={{ href: "/assets", label: "All assets" }}
        error={asset.error}
        retry={() => void asset.refetch()}
      >
        <Skeleton className="h-40 w-full" />
      </DetailState>
    );
  const open = SEVERITIES.reduce((n, s) => n + a.severityBreakdown[s], 0);
  // Said in text beside the button, not only as a tooltip: a phone cannot show tooltips.
  const startWhy = a.activeScan
    ? "A scan of this asset is running: wait for it or cancel it."
    : a.ownershipVerifiedAt
      ? undefined
      : "Prove ownership first (below): only proven assets are scanned.";

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        eyebrow={`${label("assetType", a.type)} · ${a.project.name}`}
        title={a.name ? `${a.name} (${a.value})` : a.value}
        actions={
          canWrite && (
            <span className="flex flex-wrap items-center gap-2">
              <StartScan
                key={a.portScanMode}
                asset={a}
                why={startWhy}
                pending={scan.isPending}
                onStart={(profile) => scan.mutate({ assetId: id, profile })}
              />
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
      <div className="flex flex-wrap items-center gap-2" data-testid="asset-severity">
        {SEVERITIES.map((s) => (
          <Link
            key={s}
            href={`/issues?assetId=${id}&status=unresolved&severity=${s}`}
            aria-label={`${a.severityBreakdown[s]} ${s} issues open`}
          >
            <SeverityBadge severity={s} label={`${a.severityBreakdown[s]} ${s}`} />
          </Link>
        ))}
        {a.activeScan && (
          <Link href={`/scans/${a.activeScan.id}`} className="ml-2 flex items-center gap-2" data-testid="active-scan">
            Scan #{a.activeScan.id} {label("scanStatus", a.activeScan.status).toLowerCase()}
            <Progress value={a.activeScan.progress} />
          </Link>
        )}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Reachability" data-testid="reachability">
          <Row label="Status">
            <StatusPill status={label("assetStatus", a.status)} tone={ASSET_TONE[a.status]} />
          </Row>
          <Row label="Address">{a.resolvedIp}</Row>
          <Row label="Canonical URL">{a.canonicalUrl}</Row>
          <Row label="CDN">{a.cdnProvider}</Row>
          {a.type === "bucket" && <Row label="Bucket provider">{a.bucketProvider}</Row>}
          <Row label="Last checked">
            <LocalTime date={a.lastCheckedAt} />
          </Row>
          {a.failReason && <Row label="Why">{a.failReason}</Row>}
          {a.checkWarnings.length > 0 && (
            <Row label="Checked without">
              <ul className="list-disc space-y-1 pl-4 text-sm text-warning" data-testid="check-warnings">
                {a.checkWarnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </Row>
          )}
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
        <OwnershipCard asset={a} />
      </div>
      <Card title="Activity" data-testid="asset-activity">
        <Tabs defaultValue="issues">
          <TabsList aria-label="The asset's issues, scans and ports">
            <TabsTrigger value="issues">Open issues ({open})</TabsTrigger>
            <TabsTrigger value="scans">Scans</TabsTrigger>
            <TabsTrigger value="ports">Ports</TabsTrigger>
          </TabsList>
          <TabsContent value="issues">
            <AssetIssues asset={a} open={open} />
          </TabsContent>
          <TabsContent value="scans">
            <AssetScans asset={a} />
          </TabsContent>
          <TabsContent value="ports">
            <AssetPorts asset={a} />
          </TabsContent>
        </Tabs>
      </Card>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <OutsideView id={id} pending={a.status === "pending"} />
        <ScreenshotCard asset={a} />
      </div>
      <AssetSchedules assetId={id} proven={Boolean(a.ownershipVerifiedAt)} />
      {(a.type === "domain" || a.type === "subdomain") && <DiscoveredHosts asset={a} />}
      {canWrite && <AssetCriticality asset={a} />}
      {canWrite && <ScanProfile asset={a} />}
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
