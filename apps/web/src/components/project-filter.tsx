"use client";
import { useQuery } from "@tanstack/react-query";
import { Field } from "@ems/ui";
import { useTRPC } from "@/trpc/client";

/** A list page's project filter: one of the workspace's projects, or all of them (null). */
export function ProjectFilter({
  value,
  onChange,
  testId = "filter-project",
}: {
  value: number | null | undefined;
  onChange: (projectId: number | null) => void;
  testId?: string;
}) {
  const trpc = useTRPC();
  const projects = useQuery(trpc.projects.list.queryOptions({ limit: 500 }));
  return (
    <Field label="Project">
      <select
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        data-testid={testId}
      >
        <option value="">All projects</option>
        {projects.data?.items.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
