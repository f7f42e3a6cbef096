"use client";
import { Link } from "@/components/intent-link";
import type { RouterOutputs } from "@ems/core";
import { Card, EmptyState, SEVERITIES, SeverityBadge, Skeleton } from "@ems/ui";

type Ranked = RouterOutputs["overview"]["get"]["riskiestAssets"];

/** The five highest risk scores, each asset linked, with the open counts behind the score. */
export function RiskiestAssets({ assets, scanned }: { assets: Ranked | undefined; scanned: boolean | undefined }) {
  return (
    <Card
      title="Riskiest assets"
      description="Scored by open issues (weighted by severity and age) and exposed datastore or admin ports."
      actions={<Link href="/reports">All ranked</Link>}
      data-testid="riskiest-assets"
    >
      {!assets ? (
        <Skeleton className="h-32 w-full" />
      ) : assets.length === 0 ? (
        scanned ? (
          <EmptyState title="No open risk" description="No asset has open issues or exposed ports." />
        ) : (
          <EmptyState title="Nothing scanned yet" description="Risk is scored from what scans find." />
        )
      ) : (
        <ol className="flex flex-col divide-y">
          {assets.map((a) => (
            <li key={a.assetId} className="flex flex-col gap-1 py-2" data-testid="risky-asset">
              {/* The name has the row to itself (it wraps between words), the score at its end. */}
              <div className="flex items-baseline justify-between gap-3">
                <Link href={`/assets/${a.assetId}`} className="min-w-0 font-medium wrap-break-word">
                  {a.name ?? a.value}
                  {a.name && <span className="ml-1 text-sm font-normal text-muted-foreground">{a.value}</span>}
                </Link>
                <span className="shrink-0 text-sm tabular-nums" title="Risk score">
                  {a.score}
                </span>
              </div>
              <span className="flex flex-wrap items-center gap-1">
                {SEVERITIES.filter((s) => a[s] > 0).map((s) => (
                  <SeverityBadge key={s} severity={s} label={`${a[s]} ${s}`} />
                ))}
                {a.exposedPorts.length > 0 && (
                  <span className="text-xs text-muted-foreground">ports {a.exposedPorts.join(", ")}</span>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
