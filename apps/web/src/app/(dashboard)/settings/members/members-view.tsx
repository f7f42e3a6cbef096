"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { RouterInputs, RouterOutputs } from "@ems/core";
import { Button, Card, ConfirmDialog, DataTable, Field, NativeSelect, PageHeader, RelativeTime, toast } from "@ems/ui";
import { label } from "@/components/labels";
import { SecretValue } from "@/components/secret-value";
import { useMe } from "@/components/use-me";
import { errorData, errorMessage, useTRPC } from "@/trpc/client";

type Role = RouterInputs["members"]["invite"]["role"];
type Member = RouterOutputs["members"]["list"]["items"][number];
const ROLES: Role[] = ["owner", "admin", "member", "read-only"];

export function MembersView() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { me, isAdmin } = useMe();
  const [page, setPage] = useState(1);
  const [inviteLink, setInviteLink] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const list = useQuery(trpc.members.list.queryOptions({ page, limit: 50 }));
  const invitations = useQuery({ ...trpc.members.invitations.queryOptions({}), enabled: isAdmin });
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: trpc.members.list.queryKey() }),
      qc.invalidateQueries({ queryKey: trpc.members.invitations.queryKey() }),
    ]);
  const invite = useMutation(
    trpc.members.invite.mutationOptions({
      onSuccess: (r) => {
        if (r.member) toast.success(`${r.member.email} added as ${label("role", r.member.role).toLowerCase()}`);
        setInviteLink(r.token ? `${window.location.origin}/invite/${r.token}` : null);
        void refresh();
      },
    }),
  );
  const changeRole = useMutation(
    trpc.members.changeRole.mutationOptions({
      onSuccess: (m) => (toast.success(`${m.email} is now ${label("role", m.role).toLowerCase()}`), refresh()),
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const remove = useMutation(
    trpc.members.remove.mutationOptions({ onSuccess: (r) => (toast.success(r.message), setRemoving(null), refresh()) }),
  );
  const revokeInvite = useMutation(trpc.members.revokeInvitation.mutationOptions({ onSuccess: () => refresh() }));

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    invite.mutate({ email: String(f.get("email")), role: String(f.get("role")) as Role });
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Members"
        description={
          "People in this workspace and their roles: owners and admins manage the workspace, " +
          "members change things, read-only members look."
        }
      />
      {isAdmin && (
        <Card title="Invite someone">
          <form onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="invite-form">
            <Field
              label="Email"
              error={errorData(invite.error).field === "email" ? errorMessage(invite.error) : undefined}
            >
              <input name="email" type="email" required />
            </Field>
            <Field label="Role">
              <select name="role" defaultValue="member">
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {label("role", r)}
                  </option>
                ))}
              </select>
            </Field>
            <Button type="submit" variant="primary" disabled={invite.isPending}>
              Invite
            </Button>
          </form>
          {invite.error && !errorData(invite.error).field && (
            <p className="text-sm text-muted-foreground">{errorMessage(invite.error)}</p>
          )}
          {inviteLink && (
            <div className="mt-3 flex flex-col gap-2">
              <p>No account uses that email yet. Send them this link (valid 7 days, shown once):</p>
              <SecretValue value={inviteLink} label="Copy invitation link" testId="invite-link" />
            </div>
          )}
          {(invitations.data?.length ?? 0) > 0 && (
            <div className="mt-3">
              <strong>Pending invitations</strong>
              <ul className="mt-1 space-y-1 text-sm">
                {invitations.data!.map((i) => (
                  <li key={i.id}>
                    {i.email} ({label("role", i.role).toLowerCase()}), expires <RelativeTime date={i.expiresAt} />{" "}
                    <Button size="sm" variant="ghost" onClick={() => revokeInvite.mutate({ id: i.id })}>
                      Revoke
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Card>
      )}
      <DataTable<Member>
        columns={[
          { key: "email", header: "Email" },
          { key: "name", header: "Name", render: (m) => `${m.firstName} ${m.lastName}`.trim() || "—" },
          {
            key: "role",
            header: "Role",
            render: (m) =>
              isAdmin && m.userId !== me?.user.id ? (
                <NativeSelect
                  className="h-8 w-auto"
                  aria-label={`Role of ${m.email}`}
                  value={m.role}
                  onChange={(e) => changeRole.mutate({ userId: m.userId, role: e.target.value as Role })}
                >
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {label("role", r)}
                    </option>
                  ))}
                </NativeSelect>
              ) : (
                label("role", m.role)
              ),
          },
          { key: "joinedAt", header: "Joined", render: (m) => <RelativeTime date={m.joinedAt} /> },
          {
            key: "actions",
            header: "",
            render: (m) =>
              isAdmin &&
              m.userId !== me?.user.id && (
                <Button size="sm" variant="danger" onClick={() => setRemoving(m)}>
                  Remove
                </Button>
              ),
          },
        ]}
        rows={list.data?.items ?? []}
        rowKey={(m) => m.userId}
        total={list.data?.total ?? 0}
        page={page}
        limit={50}
        onPageChange={setPage}
        loading={list.isLoading}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.email ?? ""}?`}
        danger
        confirmLabel="Remove member"
        onCancel={() => setRemoving(null)}
        onConfirm={() => remove.mutateAsync({ userId: removing!.userId })}
      >
        They lose access to this workspace at once. Their past changes stay in the audit log.
      </ConfirmDialog>
    </div>
  );
}
