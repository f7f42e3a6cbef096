"use client";
import { useQuery } from "@tanstack/react-query";
import { parseAsString, parseAsStringLiteral } from "nuqs";
import type { RouterInputs } from "@ems/core";
import { Button, ConfidenceBadge, DataTable, EmptyState, Field, PageHeader, SeverityBadge } from "@ems/ui";
import { label } from "@/components/labels";
import { useListState } from "@/components/list-state";
import { LabelOptions } from "@/components/options";
import { SearchBox } from "@/components/search-box";
import { useTRPC } from "@/trpc/client";

type Input = RouterInputs["checks"]["list"];
const PROTOCOLS = ["http", "tcp", "tls", "dns"] as const satisfies NonNullable<Input["protocol"]>[];
const SEVERITIES = ["critical", "high", "medium", "low", "info"] as const satisfies NonNullable<Input["severity"]>[];
const SORTS = ["category", "severity", "kind", "title"] as const satisfies NonNullable<Input["sort"]>[];
const FILTERS = {
  // The categories come from the API (checks.summary); one the URL names that is not among them is ignored.
  category: parseAsString,
  protocol: parseAsStringLiteral(PROTOCOLS),
  severity: parseAsStringLiteral(SEVERITIES),
};

/** The catalogue: what scans look for, grouped by category, searchable and filterable. */
export function ChecksView() {
  const trpc = useTRPC();
  const state = useListState(FILTERS, SORTS);
  const f = state.filters;
  const summary = useQuery(trpc.checks.summary.queryOptions({}));
  const category = summary.data?.categories.find((c) => c.category === f.category)?.category;
  const list = useQuery({
    ...trpc.checks.list.queryOptions({
      ...state.query,
      category,
      protocol: f.protocol ?? undefined,
      severity: f.severity ?? undefined,
    }),
    // A category in the URL is known once the summary came: no list of every check in between.
    enabled: !f.category || summary.isSuccess,
  });
  const filtered = Boolean(state.q || category || f.protocol || f.severity);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="What we check"
        description={
          `${summary.data?.total ?? "…"} checks run on every scan, each proven on a faithful stand-in of the ` +
          "software and on its clean twin. The same list is in docs/checks.md and at GET /app/checks."
        }
      />
      <nav aria-label="Categories" className="flex flex-wrap gap-2" data-testid="check-categories">
        <Button
          size="sm"
          variant={category ? "secondary" : "primary"}
          aria-pressed={!category}
          onClick={() => state.setFilters({ category: null })}
        >
          All {summary.data?.total ?? ""}
        </Button>
        {summary.data?.categories.map((c) => (
          <Button
            key={c.category}
            size="sm"
            variant={category === c.category ? "primary" : "secondary"}
            aria-pressed={category === c.category}
            onClick={() => state.setFilters({ category: c.category })}
          >
            {label("checkCategory", c.category)} {c.count}
          </Button>
        ))}
      </nav>
      <DataTable
        label="Checks"
        data-testid="checks-table"
        search={<SearchBox value={state.q} onSearch={state.setSearch} placeholder="Kind, title or description" />}
        activeFilters={[f.protocol, f.severity].filter(Boolean).length}
        filters={
          <div className="contents" data-testid="check-filters">
            <Field label="Protocol">
              <select
                value={f.protocol ?? ""}
                onChange={(e) =>
                  state.setFilters({ protocol: (e.target.value || null) as (typeof PROTOCOLS)[number] | null })
                }
              >
                <option value="">Any</option>
                <LabelOptions kind="checkProtocol" />
              </select>
            </Field>
            <Field label="Severity">
              <select
                value={f.severity ?? ""}
                onChange={(e) =>
                  state.setFilters({ severity: (e.target.value || null) as (typeof SEVERITIES)[number] | null })
                }
              >
                <option value="">Any</option>
                <LabelOptions kind="severity" />
              </select>
            </Field>
          </div>
        }
        columns={[
          { key: "category", header: "Category", sortable: true, render: (c) => label("checkCategory", c.category) },
          {
            key: "severity",
            header: "Severity",
            sortable: true,
            card: "badge",
            render: (c) => <SeverityBadge severity={c.severity} />,
          },
          {
            key: "title",
            header: "Check",
            sortable: true,
            card: "title",
            render: (c) => (
              <details data-testid="check">
                <summary className="cursor-pointer">
                  {c.title}
                  <code className="ml-2 text-xs text-muted-foreground">{c.kind}</code>
                </summary>
                <p className="mt-2 text-sm">{c.description}</p>
                <p className="mt-1 text-sm">
                  <strong>Fix:</strong> {c.remediation}
                </p>
              </details>
            ),
          },
          {
            key: "confidence",
            header: "Confidence",
            card: "badge",
            render: (c) => <ConfidenceBadge confidence={c.confidence} label={label("confidence", c.confidence)} />,
          },
          { key: "protocol", header: "Protocol", render: (c) => label("checkProtocol", c.protocol) },
          { key: "cwe", header: "CWE", render: (c) => c.cwe.join(", ") },
          {
            key: "references",
            header: "References",
            render: (c) => (
              <span className="flex gap-1.5">
                {c.references.map((r, i) => (
                  <a key={r} href={r} target="_blank" rel="noreferrer noopener" title={r}>
                    {i + 1}
                  </a>
                ))}
              </span>
            ),
          },
        ]}
        rows={list.data?.items ?? []}
        rowKey={(c) => c.kind}
        total={list.data?.total ?? 0}
        {...state.table}
        loading={list.isLoading}
        empty={
          <EmptyState
            title={filtered ? "No check matches" : "No checks"}
            description={filtered ? "Nothing matches the current filters." : "The catalogue is empty."}
          />
        }
      />
    </div>
  );
}
