"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useState } from "react";
import type { RouterOutputs } from "@ems/core";
import { Button, Card, ConfirmDialog, DataTable, PageHeader, Skeleton, toast } from "@ems/ui";
import { SecretValue } from "@/components/secret-value";
import { useTRPC } from "@/trpc/client";

// As the API key form: react-hook-form with the procedure's zod schema loads after the page shows, which keeps it
// out of the page's first-load JavaScript (docs/benchmarks.md).
const OAuthAppForm = dynamic(() => import("./oauth-app-form").then((m) => m.OAuthAppForm), {
  ssr: false,
  loading: () => <Skeleton className="h-72 w-full" aria-hidden="true" />,
});

type App = RouterOutputs["oauthApps"]["list"]["items"][number];

export function OAuthAppsView() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [secret, setSecret] = useState<{ clientId: string; clientSecret: string } | null>(null);
  const [editing, setEditing] = useState<App | null>(null);
  const [confirm, setConfirm] = useState<{ app: App; action: "rotate" | "delete" } | null>(null);
  const list = useQuery(trpc.oauthApps.list.queryOptions({ page: 1, limit: 100 }));
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.oauthApps.list.queryKey() });
  const showSecret = (a: { clientId: string; clientSecret: string }) => (setSecret(a), refresh());
  const create = useMutation(trpc.oauthApps.create.mutationOptions({ onSuccess: showSecret }));
  const update = useMutation(
    trpc.oauthApps.update.mutationOptions({
      onSuccess: (a) => (toast.success(`"${a.name}" saved`), setEditing(null), refresh()),
    }),
  );
  const rotate = useMutation(
    trpc.oauthApps.rotateSecret.mutationOptions({ onSuccess: (a) => (setConfirm(null), showSecret(a)) }),
  );
  const remove = useMutation(
    trpc.oauthApps.delete.mutationOptions({
      onSuccess: (r) => (toast.success(r.message), setConfirm(null), refresh()),
    }),
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="OAuth apps"
        description={
          "Third-party apps that act for this workspace: with client credentials, " +
          "or with a person's approval (authorization code with PKCE)."
        }
      />
      <Card title="New OAuth app">
        <OAuthAppForm
          testId="oauth-app-form"
          submitLabel="Create app"
          pending={create.isPending}
          serverError={create.error}
          onSubmit={(v) => create.mutate(v)}
        />
        {secret && (
          <div className="mt-3 flex flex-col gap-2" data-testid="oauth-app-secret">
            <p>Copy the client secret now. It will not be shown again.</p>
            <span className="text-sm font-medium">Client id</span>
            <SecretValue value={secret.clientId} label="Copy client id" testId="client-id" />
            <span className="text-sm font-medium">Client secret</span>
            <SecretValue value={secret.clientSecret} label="Copy client secret" testId="client-secret" />
            <div>
              <Button size="sm" variant="ghost" onClick={() => setSecret(null)}>
                Done
              </Button>
            </div>
          </div>
        )}
      </Card>
      {editing && (
        <Card
          title={`Edit "${editing.name}"`}
          actions={
            <Button variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          }
        >
          <OAuthAppForm
            key={editing.id}
            testId="oauth-app-edit-form"
            initial={editing}
            submitLabel="Save"
            pending={update.isPending}
            serverError={update.error}
            onSubmit={(v) => update.mutate({ id: editing.id, ...v })}
          />
        </Card>
      )}
      <DataTable<App>
        columns={[
          { key: "name", header: "Name" },
          { key: "clientId", header: "Client id", render: (a) => <code>{a.clientId}</code> },
          {
            key: "scopes",
            header: "Scopes",
            render: (a) => <span className="text-sm text-muted-foreground">{a.scopes.join(", ")}</span>,
          },
          {
            key: "redirectUris",
            header: "Redirect URIs",
            render: (a) => <span className="text-sm text-muted-foreground">{a.redirectUris.join(", ") || "—"}</span>,
          },
          {
            key: "actions",
            header: "",
            render: (a) => (
              <span className="flex flex-wrap items-center gap-1.5">
                <Button size="sm" variant="secondary" onClick={() => setEditing(a)}>
                  Edit
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setConfirm({ app: a, action: "rotate" })}>
                  Rotate secret
                </Button>
                <Button size="sm" variant="danger" onClick={() => setConfirm({ app: a, action: "delete" })}>
                  Delete
                </Button>
              </span>
            ),
          },
        ]}
        rows={list.data?.items ?? []}
        rowKey={(a) => a.id}
        total={list.data?.total ?? 0}
        page={1}
        limit={100}
        onPageChange={() => {}}
        loading={list.isLoading}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.action === "delete"
            ? `Delete "${confirm.app.name}"?`
            : `Rotate the secret of "${confirm?.app.name ?? ""}"?`
        }
        danger={confirm?.action === "delete"}
        confirmLabel={confirm?.action === "delete" ? "Delete app" : "Rotate secret"}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          confirm!.action === "delete"
            ? remove.mutateAsync({ id: confirm!.app.id })
            : rotate.mutateAsync({ id: confirm!.app.id })
        }
      >
        {confirm?.action === "delete"
          ? "The app's access and refresh tokens stop working at once. This cannot be undone."
          : "The current secret stops working at once; tokens already issued stay valid."}
      </ConfirmDialog>
    </div>
  );
}
