"use client";
import { Field } from "@ems/ui";
import { ProjectOptions } from "./options";

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
  return (
    <Field label="Project">
      <select
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        data-testid={testId}
      >
        <option value="">All projects</option>
        <ProjectOptions />
      </select>
    </Field>
  );
}
