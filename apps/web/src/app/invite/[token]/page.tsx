import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { acceptInvitation, findInvitation, toAppError } from "@ems/core";
import { Button, Field } from "@ems/ui";
import { services } from "@/server/services";

export const metadata: Metadata = { title: "Join a workspace" };

export default async function InvitePage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<{ error?: string }>;
}) {
  const { token } = await params;
  const { error } = await searchParams;
  const invitation = await findInvitation(services(), token);

  async function accept(form: FormData) {
    "use server";
    try {
      await acceptInvitation(services(), token, {
        password: String(form.get("password") ?? ""),
        firstName: String(form.get("firstName") ?? ""),
        lastName: String(form.get("lastName") ?? ""),
      });
    } catch (err) {
      redirect(`/invite/${token}?error=${encodeURIComponent(toAppError(err).message)}`);
    }
    redirect(`/login?email=${encodeURIComponent(invitation!.email)}`);
  }

  return (
    <main className="center-page">
      <div className="panel stack">
        {!invitation ? (
          <p data-testid="invite-invalid">This invitation is not valid any more. Ask for a new one.</p>
        ) : (
          <form action={accept} className="stack">
            <h1 style={{ margin: 0, fontSize: 20 }}>Join {invitation.workspaceName}</h1>
            <p className="muted" style={{ margin: 0 }}>
              As <strong>{invitation.email}</strong>, with the role {invitation.role}.
            </p>
            {!invitation.hasAccount && (
              <div className="row">
                <Field label="First name">
                  <input name="firstName" maxLength={100} />
                </Field>
                <Field label="Last name">
                  <input name="lastName" maxLength={100} />
                </Field>
              </div>
            )}
            <Field label={invitation.hasAccount ? "Your password" : "Choose a password (12+ characters)"} error={error}>
              <input
                name="password"
                type="password"
                required
                minLength={invitation.hasAccount ? 1 : 12}
                autoComplete={invitation.hasAccount ? "current-password" : "new-password"}
              />
            </Field>
            <Button type="submit" variant="primary">
              Join
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
