import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { acceptInvitation, findInvitation, toAppError } from "@ems/core";
import { Button, Field } from "@ems/ui";
import { services } from "@/server/services";
import { label } from "@/components/labels";

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
    <main id="content" className="grid min-h-dvh place-items-center p-4 sm:p-6">
      <div className="w-full max-w-md rounded-lg border bg-card p-6 text-card-foreground shadow-sm flex flex-col gap-4">
        {!invitation ? (
          <p data-testid="invite-invalid">This invitation is not valid any more. Ask for a new one.</p>
        ) : (
          <form action={accept} className="flex flex-col gap-4">
            <h1 className="text-lg font-semibold">Join {invitation.workspaceName}</h1>
            <p className="text-sm text-muted-foreground">
              As <strong>{invitation.email}</strong>, with the role {label("role", invitation.role).toLowerCase()}.
            </p>
            {!invitation.hasAccount && (
              <div className="flex flex-wrap items-end gap-3">
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
