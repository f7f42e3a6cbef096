"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { RouterInputs, RouterOutputs } from "@ems/core";
import { Button, Card, ConfirmDialog, DataTable, EmptyState, Field, PageHeader, RelativeTime, toast } from "@ems/ui";
import { useListState } from "@/components/list-state";
import { SearchBox } from "@/components/search-box";
import { errorData, errorMessage, useTRPC } from "@/trpc/client";
import { useMe } from "@/components/use-me";
import { LabelOptions } from "@/components/options";
import { ScanManyAnswer, useScanMany } from "@/components/scan-many";
import { ScheduleDialog } from "@/components/schedules/schedule-dialog";

type Project = RouterOutputs["projects"]["list"]["items"][number];
// Search, sort and page live in the URL (useListState); projects have no filters of their own.
const FILTERS = {};
const SORTS = ["createdAt", "name"] as const satisfies NonNullable<RouterInputs["projects"]["list"]["sort"]>[];

function ProjectForm({
  initial,
  submitLabel,
  busy,
  error,
  onSubmit,
}: {
  initial?: Partial<Project>;
  submitLabel: string;
  busy: boolean;
  error?: { field?: string; message: string } | null;
  onSubmit: (v: RouterInputs["projects"]["create"]) => void;
}) {
  const fieldError = (f: string) => (error?.field === f ? error.message : undefined);
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    onSubmit({
      name: String(f.get("name")),
      description: String(f.get("description")),
      color: String(f.get("color")),
      criticality: String(f.get("criticality")) as Project["criticality"],
    });
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="project-form">
      <Field label="Name" error={fieldError("name")}>
        <input name="name" required maxLength={255} defaultValue={initial?.name} />
      </Field>
      <Field label="Description" error={fieldError("description")}>
        <input name="description" maxLength={2000} defaultValue={initial?.description} />
      </Field>
      <Field label="Color" error={fieldError("color")}>
        <input name="color" type="color" defaultValue={initial?.color ?? "#64748b"} />
      </Field>
      <Field label="Criticality" error={fieldError("criticality")}>
        <select name="criticality" defaultValue={initial?.criticality ?? "medium"} data-testid="project-criticality">
          <LabelOptions kind="criticality" />
        </select>
      </Field>
      <Button type="submit" variant="primary" disabled={busy}>
        {submitLabel}
      </Button>
      {error && !error.field && <p className="text-sm text-muted-foreground">{error.message}</p>}
    </form>
  );
}

export function ProjectsView() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { canWrite } = useMe();
  const state = useListState(FILTERS, SORTS, 25);
  const [editing, setEditing] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const [scheduling, setScheduling] = useState<Project | null>(null);
  const scanMany = useScanMany();
  const list = useQuery(trpc.projects.list.queryOptions(state.query));
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.projects.list.queryKey() });

  const create = useMutation(
    trpc.projects.create.mutationOptions({
      onSuccess: (p) => (toast.success(`Project "${p.name}" created`), refresh()),
    }),
  );
  const update = useMutation(
    trpc.projects.update.mutationOptions({
      onSuccess: (p) => (toast.success(`Project "${p.name}" saved`), setEditing(null), refresh()),
    }),
  );
  const remove = useMutation(
    trpc.projects.delete.mutationOptions({
      onSuccess: (r) => (toast.success(r.message), setDeleting(null), refresh()),
    }),
  );
  const asError = (err: unknown) => (err ? { field: errorData(err).field, message: errorMessage(err) } : null);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Projects" description="Group your assets by product, team or environment." />
      {canWrite && (
        <Card title="New project">
          <ProjectForm
            submitLabel="Create project"
            busy={create.isPending}
            error={asError(create.error)}
            onSubmit={(v) => create.mutate(v)}
          />
        </Card>
      )}
      {editing && (
        <Card
          title={`Edit "${editing.name}"`}
          actions={
            <Button variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          }
        >
          <ProjectForm
            key={editing.id}
            initial={editing}
            submitLabel="Save"
            busy={update.isPending}
            error={asError(update.error)}
            onSubmit={(v) => update.mutate({ id: editing.id, ...v })}
          />
        </Card>
      )}
      <ScanManyAnswer scan={scanMany} />
      <DataTable<Project>
        label="Projects"
        toolbar={<SearchBox value={state.q} onSearch={state.setSearch} placeholder="Project name" />}
        columns={[
          {
            key: "name",
            header: "Name",
            sortable: true,
            render: (p) => (
              <span className="inline-flex items-center gap-2">
                <span aria-hidden className="size-2.5 shrink-0 rounded-[3px]" style={{ background: p.color }} />
                {p.name}
              </span>
            ),
          },
          { key: "description", header: "Description" },
          { key: "createdAt", header: "Created", sortable: true, render: (p) => <RelativeTime date={p.createdAt} /> },
          ...(canWrite
            ? [
                {
                  key: "actions",
                  header: "",
                  render: (p: Project) => (
                    <span className="flex flex-wrap items-center gap-1.5">
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={scanMany.pending}
                        onClick={() => scanMany.start({ projectId: p.id })}
                        aria-label={`Scan all assets of ${p.name}`}
                        data-testid="scan-project"
                      >
                        Scan all assets
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setScheduling(p)}
                        aria-label={`Schedule scans of ${p.name}`}
                        data-testid="schedule-project"
                      >
                        Schedule scans
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => setEditing(p)}>
                        Edit
                      </Button>
                      <Button size="sm" variant="danger" onClick={() => setDeleting(p)}>
                        Delete
                      </Button>
                    </span>
                  ),
                },
              ]
            : []),
        ]}
        rows={list.data?.items ?? []}
        rowKey={(p) => p.id}
        total={list.data?.total ?? 0}
        {...state.table}
        empty={
          <EmptyState
            title={state.q ? "No project matches" : "No projects yet"}
            description={state.q ? "Try another search." : canWrite ? "Create one to group your assets." : undefined}
          />
        }
        loading={list.isLoading}
      />
      {scheduling && (
        <ScheduleDialog
          target={{ projectId: scheduling.id, projectName: scheduling.name }}
          onClose={() => setScheduling(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete project "${deleting?.name ?? ""}"?`}
        danger
        confirmLabel="Delete project"
        requireText={deleting?.name}
        onCancel={() => setDeleting(null)}
        onConfirm={() => remove.mutateAsync({ id: deleting!.id })}
      >
        This deletes the project <strong>and everything in it</strong>: its assets, their scans, findings, issues and
        scan schedules. It cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
