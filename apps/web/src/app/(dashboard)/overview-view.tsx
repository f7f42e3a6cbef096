"use client";
// The page a security lead opens first (docs/api.md, Overview): one request, refreshed while scans run.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/intent-link";
import { parseAsInteger, useQueryState } from "nuqs";
import {
  Card,
  EmptyState,
  NativeSelect,
  PageHeader,
  SEVERITIES,
  SEVERITY_COLORS,
  Skeleton,
  severityLabel,
} from "@ems/ui";
import { TrendChart } from "@/components/charts";
import { errorMessage, useTRPC } from "@/trpc/client";
import { FirstSteps } from "./_overview/first-steps";
import { RecentChanges } from "./_overview/recent-changes";
import { RiskiestAssets } from "./_overview/riskiest-assets";
import { RunningScans } from "./_overview/running-scans";
import { Since } from "./_overview/since";
import { SlaNow, TopProblems } from "./_overview/attention";
import { Waiting } from "./_overview/waiting";
import { ProjectOptions } from "@/components/options";

export function OverviewView() {
  const trpc = useTRPC();
  const [projectId, setProjectId] = useQueryState("projectId", parseAsInteger);
  const overview = useQuery({
    ...trpc.overview.get.queryOptions({ projectId: projectId ?? undefined }),
    refetchInterval: (q) => ((q.state.data?.runningScans.total ?? 0) > 0 ? 5_000 : 60_000),
  });
  const o = overview.data;
  const scope = projectId ? `&projectId=${projectId}` : "";

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Overview"
        description="Open issues, what changed lately, and what needs you."
        actions={
          <label className="flex items-center gap-2 text-sm">
            <span className="text-muted-foreground">Project</span>
            <NativeSelect
              aria-label="Project"
              data-testid="overview-project"
              value={projectId ?? ""}
              onChange={(e) => void setProjectId(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">All projects</option>
              <ProjectOptions />
            </NativeSelect>
          </label>
        }
      />
      {overview.error && <EmptyState title="The overview could not load" description={errorMessage(overview.error)} />}
      {o && <FirstSteps steps={o.firstSteps} />}
      <section aria-label="Open issues by severity" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {/* The headline leaves info items out: they are shown on their own card. */}
        <SeverityCard
          label="Open issues"
          value={o && o.openIssues.total - o.openIssues.info}
          href={`/issues?status=unresolved${scope}`}
        />
        {SEVERITIES.map((s) => (
          <SeverityCard
            key={s}
            severity={s}
            label={severityLabel(s)}
            value={o?.openIssues[s]}
            href={`/issues?status=unresolved&severity=${s}${scope}`}
          />
        ))}
      </section>
      <Since since={o?.since} />
      <div className="grid gap-4 lg:grid-cols-2">
        <SlaNow sla={o?.sla} scope={scope} />
        <TopProblems problems={o?.topProblems} />
      </div>
      <Card
        title="Exposure"
        description="Issues open at the end of each of the last 90 days (UTC), by severity; info left out."
      >
        {o ? (
          <TrendChart
            title="Open issues by severity over the last 90 days"
            kind="stock"
            data-testid="overview-exposure"
            data={o.exposure.map(({ date, ...bySeverity }) => ({ label: date.slice(5), ...bySeverity }))}
            series={SEVERITIES.filter((s) => s !== "info").map((s) => ({
              key: s,
              label: severityLabel(s),
              color: SEVERITY_COLORS[s],
            }))}
          />
        ) : (
          <Skeleton className="h-[220px] w-full" />
        )}
      </Card>
      <Card title="Last 30 days" description="Issues first seen and issues resolved, per day (UTC).">
        {o ? (
          <TrendChart
            title="Issues opened and resolved in the last 30 days"
            data-testid="overview-trend"
            data={o.trend.map((d) => ({ label: d.date.slice(5), opened: d.opened, resolved: d.resolved }))}
            series={[
              { key: "opened", label: "Opened", color: "var(--severity-high)" },
              { key: "resolved", label: "Resolved", color: "var(--success)" },
            ]}
          />
        ) : (
          <Skeleton className="h-[220px] w-full" />
        )}
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <RiskiestAssets assets={o?.riskiestAssets} scanned={o?.firstSteps.at(-1)?.done} />
        <Waiting waiting={o?.waiting} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <RecentChanges changes={o?.recentChanges} />
        <RunningScans scans={o?.runningScans} />
      </div>
    </div>
  );
}

function SeverityCard(props: {
  label: string;
  value: number | undefined;
  href: string;
  severity?: (typeof SEVERITIES)[number];
}) {
  return (
    <Link
      href={props.href}
      data-testid={`open-${props.severity ?? "total"}`}
      className="rounded-lg border bg-card p-4 shadow-xs transition-colors hover:bg-muted focus-visible:ring-2"
    >
      <span className="flex items-center gap-2 text-sm text-muted-foreground">
        {props.severity && (
          <span className="size-2.5 rounded-full" style={{ background: SEVERITY_COLORS[props.severity] }} aria-hidden />
        )}
        {props.label}
      </span>
      {props.value === undefined ? (
        <Skeleton className="mt-2 h-8 w-12" />
      ) : (
        <span className="mt-1 block text-3xl font-semibold tabular-nums" data-testid="count">
          {props.value}
        </span>
      )}
    </Link>
  );
}
