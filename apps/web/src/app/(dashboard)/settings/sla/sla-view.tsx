"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { RouterOutputs } from "@ems/core";
import { Button, Card, ConfirmDialog, Field, PageHeader, RelativeTime, severityLabel, toast } from "@ems/ui";
import { useMe } from "@/components/use-me";
import { errorMessage, useTRPC } from "@/trpc/client";

type Policy = RouterOutputs["slaPolicy"]["get"];
type Days = Pick<Policy, "critical" | "high" | "medium" | "low">;
const LEVELS = ["critical", "high", "medium", "low"] as const;
const daysOf = (p: Days): Days => ({ critical: p.critical, high: p.high, medium: p.medium, low: p.low });

/** Four day counts and a save button; the server checks the range and names a wrong field. */
function DaysForm({
  initial,
  disabled,
  submitLabel,
  testId,
  onSubmit,
}: {
  initial: Days;
  disabled: boolean;
  submitLabel: string;
  testId: string;
  onSubmit: (days: Days) => void;
}) {
  const [days, setDays] = useState<Days>(initial);
  const submit = (e: FormEvent) => (e.preventDefault(), onSubmit(days));
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={submit} data-testid={testId}>
      {LEVELS.map((level) => (
        <Field key={level} label={`${severityLabel(level)} (days)`}>
          <input
            type="number"
            min={1}
            max={3650}
            required
            disabled={disabled}
            value={days[level]}
            data-testid={`days-${level}`}
            onChange={(e) => setDays((d) => ({ ...d, [level]: Number(e.target.value) }))}
          />
        </Field>
      ))}
      {!disabled && (
        <Button type="submit" variant="primary">
          {submitLabel}
        </Button>
      )}
    </form>
  );
}

export function SlaPolicyView() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { isAdmin } = useMe();
  const [adding, setAdding] = useState("");
  const [removing, setRemoving] = useState<Policy["projects"][number] | null>(null);
  const policy = useQuery(trpc.slaPolicy.get.queryOptions({}));
  const projects = useQuery(trpc.projects.list.queryOptions({ limit: 500 }));
  const done = (message: string) => (p: Policy) => {
    qc.setQueryData(trpc.slaPolicy.get.queryKey({}), p);
    void qc.invalidateQueries({ queryKey: trpc.reports.sla.queryKey() });
    toast.success(message);
  };
  const onError = (e: unknown) => toast.error(errorMessage(e));
  const set = useMutation(trpc.slaPolicy.set.mutationOptions({ onSuccess: done("SLA saved"), onError }));
  const setProject = useMutation(
    trpc.slaPolicy.setProject.mutationOptions({ onSuccess: done("Project SLA saved"), onError }),
  );
  const remove = useMutation(
    trpc.slaPolicy.deleteProject.mutationOptions({
      onSuccess: (p) => (done("The project follows the workspace's SLA again")(p), setRemoving(null)),
      onError,
    }),
  );
  const p = policy.data;
  if (!p) return <PageHeader title="SLA policy" />;
  const overridden = new Set(p.projects.map((o) => o.projectId));

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="SLA policy"
        description="Days to remediate an issue, by severity, counted from when it was first seen."
      />
      <Card
        title="Workspace"
        description={
          p.source === "default" ? (
            `The defaults (CISA BOD 19-02 and FedRAMP): critical ${p.defaults.critical}, high ${p.defaults.high}, ` +
            `medium ${p.defaults.medium}, low ${p.defaults.low} days.`
          ) : (
            <>
              Set <RelativeTime date={p.updatedAt} />.
            </>
          )
        }
      >
        <DaysForm
          key={`ws-${p.updatedAt?.getTime() ?? 0}`}
          initial={daysOf(p)}
          disabled={!isAdmin}
          submitLabel="Save"
          testId="sla-workspace"
          onSubmit={(d) => set.mutate(d)}
        />
      </Card>
      <Card title="Project overrides" description="A project's own days replace the workspace's for its issues.">
        <div className="flex flex-col gap-4">
          {p.projects.length === 0 && <p className="text-sm text-muted-foreground">No project has its own SLA.</p>}
          {p.projects.map((o) => (
            <div key={o.projectId} className="flex flex-col gap-4" data-testid={`override-${o.projectId}`}>
              <strong>{o.projectName}</strong>
              <div className="flex flex-wrap items-end gap-3">
                <DaysForm
                  key={o.updatedAt.getTime()}
                  initial={daysOf(o)}
                  disabled={!isAdmin}
                  submitLabel="Save"
                  testId="sla-project"
                  onSubmit={(d) => setProject.mutate({ id: o.projectId, ...d })}
                />
                {isAdmin && (
                  <Button variant="secondary" onClick={() => setRemoving(o)}>
                    Remove
                  </Button>
                )}
              </div>
            </div>
          ))}
          {isAdmin && (
            <div className="flex flex-col gap-4">
              <Field label="Give a project its own SLA">
                <select value={adding} onChange={(e) => setAdding(e.target.value)} data-testid="override-project">
                  <option value="">Choose a project</option>
                  {projects.data?.items
                    .filter((pr) => !overridden.has(pr.id))
                    .map((pr) => (
                      <option key={pr.id} value={pr.id}>
                        {pr.name}
                      </option>
                    ))}
                </select>
              </Field>
              {adding && (
                <DaysForm
                  key={adding}
                  initial={daysOf(p)}
                  disabled={false}
                  submitLabel="Add override"
                  testId="sla-new-override"
                  onSubmit={(d) => (setProject.mutate({ id: adding, ...d }), setAdding(""))}
                />
              )}
            </div>
          )}
        </div>
      </Card>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this project's SLA?"
        description={`${removing?.projectName ?? ""} will follow the workspace's days again.`}
        confirmLabel="Remove"
        onConfirm={() => (removing ? remove.mutateAsync({ id: removing.projectId }) : undefined)}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
