"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { RouterInputs, RouterOutputs } from "@ems/core";
import { Button, Card, ConfirmDialog, Field, PageHeader, toast } from "@ems/ui";
import { errorData, errorMessage, useTRPC } from "@/trpc/client";

type Smtp = NonNullable<RouterOutputs["email"]["getSmtp"]["smtp"]>;
type SetInput = RouterInputs["email"]["setSmtp"];

/** The workspace's SMTP server (admins): e-mail endpoints and invitations go through it. The password never shows. */
export function EmailView() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [removing, setRemoving] = useState(false);
  const current = useQuery(trpc.email.getSmtp.queryOptions({}));
  const saved = (message: string) => () => (
    void qc.invalidateQueries({ queryKey: trpc.email.getSmtp.queryKey() }),
    toast.success(message)
  );
  const set = useMutation(trpc.email.setSmtp.mutationOptions({ onSuccess: saved("SMTP settings saved") }));
  const remove = useMutation(
    trpc.email.deleteSmtp.mutationOptions({ onSuccess: () => (saved("SMTP settings removed")(), setRemoving(false)) }),
  );
  const test = useMutation(
    trpc.email.testSmtp.mutationOptions({
      onSuccess: (r) => (r.sent ? toast.success("Test e-mail sent") : toast.error(`Not sent: ${r.error}`)),
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const smtp: Smtp | null | undefined = current.data?.smtp;
  const fieldError = (field: string) =>
    errorData(set.error).field?.startsWith(field) ? errorMessage(set.error) : undefined;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const password = String(f.get("password") ?? "");
    set.mutate({
      host: String(f.get("host")),
      port: Number(f.get("port")),
      security: String(f.get("security")) as SetInput["security"],
      username: String(f.get("username") ?? "") || null,
      // Empty keeps the stored password.
      ...(password ? { password } : {}),
      fromAddress: String(f.get("fromAddress")),
    });
  }
  function sendTest(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    test.mutate({ to: String(new FormData(e.currentTarget).get("to")) });
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="E-mail"
        description={
          "The SMTP server this workspace sends e-mail through: e-mail endpoints (Settings → Webhooks: messages, " +
          "digests, SLA breaches) and invitations. Without it, no e-mail is sent."
        }
      />
      {current.isSuccess && (
        <Card title="SMTP server">
          <form
            key={smtp?.updatedAt.toString() ?? "new"}
            onSubmit={submit}
            className="flex flex-col gap-4"
            data-testid="smtp-form"
          >
            <div className="flex flex-wrap items-end gap-3">
              <Field label="Host" error={fieldError("host")}>
                <input name="host" required maxLength={253} defaultValue={smtp?.host} placeholder="smtp.example.com" />
              </Field>
              <Field label="Port" error={fieldError("port")}>
                <input name="port" type="number" required min={1} max={65535} defaultValue={smtp?.port ?? 587} />
              </Field>
              <Field label="Security" error={fieldError("security")}>
                <select name="security" defaultValue={smtp?.security ?? "starttls"}>
                  <option value="starttls">STARTTLS (required)</option>
                  <option value="tls">TLS from the start</option>
                  <option value="none">None (trusted network only)</option>
                </select>
              </Field>
            </div>
            <div className="flex flex-wrap items-end gap-3">
              <Field label="Username" error={fieldError("username")}>
                <input name="username" maxLength={320} defaultValue={smtp?.username ?? ""} autoComplete="off" />
              </Field>
              <Field
                label="Password"
                hint={smtp?.passwordSet ? "A password is stored; leave empty to keep it" : undefined}
                error={fieldError("password")}
              >
                <input name="password" type="password" maxLength={500} autoComplete="new-password" />
              </Field>
              <Field label="From address" error={fieldError("fromAddress")}>
                <input
                  name="fromAddress"
                  type="email"
                  required
                  maxLength={320}
                  defaultValue={smtp?.fromAddress}
                  placeholder="alerts@example.com"
                />
              </Field>
            </div>
            {set.error != null && !errorData(set.error).field && (
              <p className="text-sm text-muted-foreground">{errorMessage(set.error)}</p>
            )}
            <div className="flex gap-2">
              <Button type="submit" variant="primary" disabled={set.isPending}>
                Save
              </Button>
              {smtp && (
                <Button type="button" variant="danger" onClick={() => setRemoving(true)}>
                  Remove
                </Button>
              )}
            </div>
          </form>
        </Card>
      )}
      {smtp && (
        <Card title="Send a test e-mail">
          <form onSubmit={sendTest} className="flex flex-wrap items-end gap-3" data-testid="smtp-test-form">
            <Field label="To">
              <input name="to" type="email" required maxLength={320} />
            </Field>
            <Button type="submit" variant="secondary" disabled={test.isPending}>
              Send test e-mail
            </Button>
          </form>
        </Card>
      )}
      <ConfirmDialog
        open={removing}
        title="Remove the SMTP settings?"
        danger
        confirmLabel="Remove"
        onCancel={() => setRemoving(false)}
        onConfirm={() => remove.mutateAsync({})}
      >
        E-mail endpoints then fail with "no SMTP server", and invitations are links to pass on again.
      </ConfirmDialog>
    </div>
  );
}
