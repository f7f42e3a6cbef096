"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { RouterInputs, RouterOutputs } from "@ems/core";
import { Button, Card, ConfirmDialog, DataTable, Field, PageHeader, toast } from "@ems/ui";
import { SecretValue } from "@/components/secret-value";
import { ScopePicker } from "@/components/scope-picker";
import { errorData, errorMessage, useTRPC } from "@/trpc/client";

type App = RouterOutputs["oauthApps"]["list"]["items"][number];
type Scopes = RouterInputs["oauthApps"]["create"]["scopes"];

const lines = (v: FormDataEntryValue | null) =>
  String(v ?? "")
    .split(/\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

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
  const err = (m: { error: unknown }, field: string) =>
    errorData(m.error).field?.startsWith(field) ? errorMessage(m.error) : undefined;

  function submitCreate(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const scopes = f.getAll("scopes").map(String) as Scopes;
    create.mutate({ name: String(f.get("name")), scopes, redirectUris: lines(f.get("redirectUris")) });
  }
  function submitEdit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const scopes = f.getAll("scopes").map(String) as Scopes;
    update.mutate({ id: editing!.id, name: String(f.get("name")), redirectUris: lines(f.get("redirectUris")), scopes });
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="OAuth apps"
        description={
          "Third-party apps that act for this workspace: with client credentials, or with a person's approval (authorization code with PKCE)."
        }
      />
      <Card title="New OAuth app">
        <form onSubmit={submitCreate} className="flex flex-col gap-4" data-testid="oauth-app-form">
          <Field label="Name" error={err(create, "name")}>
            <input name="name" required maxLength={255} />
          </Field>
          <Field
            label="Redirect URIs (one per line)"
            hint="https, or http on localhost"
            error={err(create, "redirectUris")}
          >
            <textarea name="redirectUris" rows={2} />
          </Field>
          <ScopePicker />
          {create.error && !errorData(create.error).field && (
            <p className="text-sm text-muted-foreground">{errorMessage(create.error)}</p>
          )}
          <div>
            <Button type="submit" variant="primary" disabled={create.isPending}>
              Create app
            </Button>
          </div>
        </form>
        {secret && (
          <div className="mt-3 flex flex-col gap-2" data-testid="oauth-app-secret">
            <p>Copy the client secret now. It will not be shown again.</p>
            <div>
              client_id: <code data-testid="client-id">{secret.clientId}</code>
            </div>
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
          <form onSubmit={submitEdit} className="flex flex-col gap-4" key={editing.id}>
            <Field label="Name" error={err(update, "name")}>
              <input name="name" required defaultValue={editing.name} />
            </Field>
            <Field label="Redirect URIs (one per line)" error={err(update, "redirectUris")}>
              <textarea name="redirectUris" rows={2} defaultValue={editing.redirectUris.join("\n")} />
            </Field>
            <ScopePicker checked={editing.scopes} />
            <div>
              <Button type="submit" variant="primary" disabled={update.isPending}>
                Save
              </Button>
            </div>
          </form>
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
