// The OAuth consent page (authorization code + PKCE): who is asking, for
// what, in which workspace. /oauth/authorize on the API redirects here.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import {
  AuthorizationPageError,
  createCaller,
  validateAuthorizationRequest,
  type AuthorizationRequest,
} from "@ems/core";
import { Button, NativeSelect } from "@ems/ui";
import { SCOPE_DESCRIPTIONS } from "@/components/scopes";
import { currentSession } from "@/server/auth";
import { dashboardContext } from "@/server/context";
import { services } from "@/server/services";
import { decide } from "./actions";

export const metadata: Metadata = { title: "Authorize app" };

const PARAMS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
] as const;

export default async function AuthorizePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = await searchParams;
  const request: AuthorizationRequest = Object.fromEntries(
    PARAMS.flatMap((k) => (typeof raw[k] === "string" ? [[k, raw[k]]] : [])),
  );
  const session = await currentSession();
  if (!session) {
    const back = `/oauth/authorize?${new URLSearchParams(request as Record<string, string>)}`;
    redirect(`/login?callbackUrl=${encodeURIComponent(back)}`);
  }
  let result: Awaited<ReturnType<typeof validateAuthorizationRequest>>;
  try {
    result = await validateAuthorizationRequest(services(), request);
  } catch (err) {
    if (!(err instanceof AuthorizationPageError)) throw err;
    return (
      <main id="content" className="grid min-h-dvh place-items-center p-4 sm:p-6">
        <div
          className="w-full max-w-md rounded-lg border bg-card p-6 text-card-foreground shadow-sm"
          data-testid="authorize-error"
        >
          <h1 className="mb-2 text-lg font-semibold">This authorization request is not valid</h1>
          <p>{err.message}</p>
          <p className="text-sm text-muted-foreground">Nothing was shared. You can close this page.</p>
        </div>
      </main>
    );
  }
  if ("redirect" in result) redirect(result.redirect);
  const { app, scopes, redirectUri } = result.ok;
  const me = await createCaller(await dashboardContext()).me.get();

  return (
    <main id="content" className="grid min-h-dvh place-items-center p-4 sm:p-6">
      <form
        className="w-full max-w-md rounded-lg border bg-card p-6 text-card-foreground shadow-sm flex flex-col gap-4"
        action={decide}
        data-testid="consent"
      >
        <h1 className="text-lg font-semibold">
          <span data-testid="consent-app">{app.name}</span> wants to access your workspace
        </h1>
        <label className="flex flex-col gap-1">
          <span className="text-sm text-muted-foreground">Workspace</span>
          <NativeSelect name="workspaceId" defaultValue={me.workspace.id} data-testid="consent-workspace">
            {me.workspaces.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </NativeSelect>
        </label>
        <div>
          <span className="text-sm text-muted-foreground">It will be able to:</span>
          <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="consent-scopes">
            {scopes.map((s) => (
              <li key={s}>
                {SCOPE_DESCRIPTIONS[s] ?? s} <code className="text-sm text-muted-foreground">{s}</code>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-muted-foreground">
          Signed in as {me.user.email}. You will be sent back to <code>{new URL(redirectUri).origin}</code>. You can
          revoke access by deleting the app or its tokens.
        </p>
        {PARAMS.map((k) => request[k] !== undefined && <input key={k} type="hidden" name={k} value={request[k]} />)}
        <div className="flex flex-wrap items-end gap-3">
          <Button type="submit" name="decision" value="approve" variant="primary">
            Allow
          </Button>
          <Button type="submit" name="decision" value="deny" variant="secondary">
            Deny
          </Button>
        </div>
      </form>
    </main>
  );
}
