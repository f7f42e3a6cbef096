"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useState } from "react";
import type { RouterOutputs } from "@ems/core";
import { Button, Card, ConfirmDialog, DataTable, PageHeader, RelativeTime, Skeleton, StatusPill, toast } from "@ems/ui";
import { SecretValue } from "@/components/secret-value";
import { useTRPC } from "@/trpc/client";
import { label } from "@/components/labels";

// The form checks its fields with the procedure's zod schema on react-hook-form, ~45 kB gzipped together: it loads
// after the page shows, which keeps them out of the page's first-load JavaScript (docs/benchmarks.md).
const ApiKeyForm = dynamic(() => import("./api-key-form").then((m) => m.ApiKeyForm), {
  ssr: false,
  loading: () => <Skeleton className="h-72 w-full" aria-hidden="true" />,
});

type Key = RouterOutputs["apiKeys"]["list"]["items"][number];

const TONE = { active: "success", revoked: "danger", expired: "warning" } as const;

export function ApiKeysView() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Key | null>(null);
  const list = useQuery(trpc.apiKeys.list.queryOptions({ page, limit: 25 }));
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
  const create = useMutation(trpc.apiKeys.create.mutationOptions({ onSuccess: (k) => (setCreated(k.key), refresh()) }));
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: (k) => (toast.success(`Key "${k.name}" revoked`), setRevoking(null), refresh()),
    }),
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="API keys"
        description={
          "Keys for scripts and integrations. A key acts for this workspace with its scopes; it is shown once."
        }
      />
      <Card title="New API key">
        <ApiKeyForm
          pending={create.isPending}
          serverError={create.error}
          onSubmit={(v) => create.mutate({ ...v, expiresAt: v.expiresAt ? new Date(v.expiresAt) : undefined })}
        />
        {created && (
          <div className="mt-3 flex flex-col gap-2">
            <p>Copy this key now. It will not be shown again.</p>
            <SecretValue value={created} label="Copy API key" testId="new-api-key" />
            <div>
              <Button size="sm" variant="ghost" onClick={() => setCreated(null)}>
                Done
              </Button>
            </div>
          </div>
        )}
      </Card>
      <DataTable<Key>
        columns={[
          { key: "name", header: "Name" },
          { key: "prefix", header: "Key", render: (k) => <code>{k.prefix}…</code> },
          {
            key: "scopes",
            header: "Scopes",
            render: (k) => <span className="text-sm text-muted-foreground">{k.scopes.join(", ")}</span>,
          },
          {
            key: "status",
            header: "Status",
            card: "badge",
            render: (k) => <StatusPill status={label("apiKeyStatus", k.status)} tone={TONE[k.status]} />,
          },
          { key: "expiresAt", header: "Expires", render: (k) => <RelativeTime date={k.expiresAt} fallback="never" /> },
          {
            key: "lastUsedAt",
            header: "Last used",
            render: (k) => <RelativeTime date={k.lastUsedAt} fallback="never" />,
          },
          {
            key: "actions",
            header: "",
            render: (k) =>
              k.status === "active" && (
                <Button size="sm" variant="danger" onClick={() => setRevoking(k)}>
                  Revoke
                </Button>
              ),
          },
        ]}
        rows={list.data?.items ?? []}
        rowKey={(k) => k.id}
        total={list.data?.total ?? 0}
        page={page}
        limit={25}
        onPageChange={setPage}
        loading={list.isLoading}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke "${revoking?.name ?? ""}"?`}
        danger
        confirmLabel="Revoke key"
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoke.mutateAsync({ id: revoking!.id })}
      >
        Anything using this key gets 401 from its next request on. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
