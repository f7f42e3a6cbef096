"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { RouterInputs, RouterOutputs } from "@ems/core";
import {
  Button,
  buttonVariants,
  Card,
  ConfirmDialog,
  DataTable,
  Field,
  PageHeader,
  RelativeTime,
  StatusPill,
  toast,
} from "@ems/ui";
import { errorData, errorMessage, useTRPC } from "@/trpc/client";
import { useMe } from "@/components/use-me";
import { Preview } from "./preview";
import { SharePanel } from "./share-panel";
import { label } from "@/components/labels";

type Report = RouterOutputs["assessments"]["list"]["items"][number];
type ScopeType = RouterInputs["assessments"]["create"]["scopeType"];
const SCOPE_TYPES = ["workspace", "project", "asset"] as const satisfies ScopeType[];
const TONE = { pending: "info", ready: "success", failed: "danger" } as const;

function GenerateForm({ onCreated }: { onCreated: () => void }) {
  const trpc = useTRPC();
  const [scopeType, setScopeType] = useState<ScopeType>("workspace");
  const projects = useQuery({ ...trpc.projects.list.queryOptions({ limit: 500 }), enabled: scopeType === "project" });
  const assets = useQuery({ ...trpc.assets.list.queryOptions({ limit: 500 }), enabled: scopeType === "asset" });
  const create = useMutation(
    trpc.assessments.create.mutationOptions({
      onSuccess: (r) => (toast.success(`Generating the report on ${r.scopeName}`), onCreated()),
    }),
  );
  const options =
    scopeType === "project"
      ? (projects.data?.items ?? []).map((p) => ({ id: p.id, label: p.name }))
      : (assets.data?.items ?? []).map((a) => ({ id: a.id, label: a.name ? `${a.name} (${a.value})` : a.value }));
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const scopeId = new FormData(e.currentTarget).get("scopeId");
    create.mutate({ scopeType, ...(scopeType === "workspace" ? {} : { scopeId: Number(scopeId) }) });
  }
  const error = create.error ? { field: errorData(create.error).field, message: errorMessage(create.error) } : null;
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={submit} data-testid="assessment-form">
      <Field label="Covers" error={error?.field === "scopeType" ? error.message : undefined}>
        <select name="scopeType" value={scopeType} onChange={(e) => setScopeType(e.target.value as ScopeType)}>
          {SCOPE_TYPES.map((t) => (
            <option key={t} value={t}>
              {t === "workspace" ? "The whole workspace" : `A${t === "asset" ? "n" : ""} ${t}`}
            </option>
          ))}
        </select>
      </Field>
      {scopeType !== "workspace" && (
        <Field
          label={scopeType === "project" ? "Project" : "Asset"}
          error={error?.field === "scopeId" ? error.message : undefined}
        >
          <select name="scopeId" required>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Button type="submit" variant="primary" loading={create.isPending}>
        Generate report
      </Button>
      {error && !error.field && <p className="text-sm text-muted-foreground">{error.message}</p>}
    </form>
  );
}

export function AssessmentsView() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { canWrite } = useMe();
  const [page, setPage] = useState(1);
  const [previewing, setPreviewing] = useState<Report | null>(null);
  const [sharing, setSharing] = useState<Report | null>(null);
  const [revoking, setRevoking] = useState<Report | null>(null);
  const [deleting, setDeleting] = useState<Report | null>(null);
  // While a report is being generated, the list is polled for its progress.
  const list = useQuery({
    ...trpc.assessments.list.queryOptions({ page, limit: 25 }),
    refetchInterval: (q) => (q.state.data?.items.some((r) => r.status === "pending") ? 2000 : false),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.assessments.list.queryKey() });
  const revoke = useMutation(
    trpc.assessments.unshare.mutationOptions({
      onSuccess: () => (toast.success("The link no longer works"), setRevoking(null), refresh()),
    }),
  );
  const remove = useMutation(
    trpc.assessments.delete.mutationOptions({
      onSuccess: (r) => (toast.success(r.message), setDeleting(null), setPreviewing(null), refresh()),
    }),
  );

  const actions = (r: Report) => (
    <span className="flex flex-wrap items-center gap-1.5">
      {r.status === "ready" && (
        <>
          <Button size="sm" variant="secondary" onClick={() => setPreviewing(r)}>
            Preview
          </Button>
          <a className={buttonVariants({ size: "sm" })} href={`/api/assessments/${r.id}/pdf`} download>
            PDF
          </a>
          {canWrite && (
            <Button size="sm" variant="secondary" onClick={() => setSharing(r)}>
              Share
            </Button>
          )}
        </>
      )}
      {canWrite && r.shareLive && (
        <Button size="sm" variant="secondary" onClick={() => setRevoking(r)}>
          Revoke link
        </Button>
      )}
      {canWrite && (
        <Button size="sm" variant="danger" onClick={() => setDeleting(r)}>
          Delete
        </Button>
      )}
    </span>
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Assessments"
        description="Forwardable reports on the workspace, a project or an asset, as a page or a PDF."
      />
      {canWrite && (
        <Card title="New assessment report">
          <GenerateForm onCreated={refresh} />
        </Card>
      )}
      {sharing && <SharePanel report={sharing} onClose={() => setSharing(null)} onShared={refresh} key={sharing.id} />}
      <DataTable<Report>
        columns={[
          { key: "id", header: "#", render: (r) => r.id },
          { key: "scope", header: "Covers", render: (r) => `${label("assessmentScope", r.scopeType)}: ${r.scopeName}` },
          {
            key: "status",
            header: "Status",
            render: (r) => (
              <span title={r.error ?? undefined}>
                <StatusPill status={label("assessmentStatus", r.status)} tone={TONE[r.status]} />
              </span>
            ),
          },
          { key: "createdAt", header: "Requested", render: (r) => <RelativeTime date={r.createdAt} /> },
          {
            key: "share",
            header: "Link",
            render: (r) =>
              r.shareLive ? (
                <>
                  live, ends <RelativeTime date={r.shareExpiresAt} /> · {r.shareViewCount} views
                </>
              ) : (
                "—"
              ),
          },
          { key: "actions", header: "", render: actions },
        ]}
        rows={list.data?.items ?? []}
        rowKey={(r) => r.id}
        total={list.data?.total ?? 0}
        page={page}
        limit={25}
        onPageChange={setPage}
        loading={list.isLoading}
      />
      {previewing && <Preview report={previewing} onClose={() => setPreviewing(null)} />}
      <ConfirmDialog
        open={revoking !== null}
        title="Stop sharing this report?"
        confirmLabel="Revoke link"
        danger
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoke.mutateAsync({ id: revoking!.id })}
      >
        Anyone opening the link from now on gets an error page.
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete report #${deleting?.id ?? ""}?`}
        confirmLabel="Delete report"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => remove.mutateAsync({ id: deleting!.id })}
      >
        The report, its PDF and its share link are deleted. It cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
