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
import { Button } from "@ems/ui";
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
      <main className="center-page">
        <div className="panel" data-testid="authorize-error">
          <h1 style={{ marginTop: 0, fontSize: 20 }}>This authorization request is not valid</h1>
          <p>{err.message}</p>
          <p className="muted">Nothing was shared. You can close this page.</p>
        </div>
      </main>
    );
  }
  if ("redirect" in result) redirect(result.redirect);
  const { app, scopes, redirectUri } = result.ok;
  const me = await createCaller(await dashboardContext()).me.get();

  return (
    <main className="center-page">
      <form className="panel stack" action={decide} data-testid="consent">
        <h1 style={{ margin: 0, fontSize: 20 }}>
          <span data-testid="consent-app">{app.name}</span> wants to access your workspace
        </h1>
        <label className="stack" style={{ gap: 4 }}>
          <span className="muted">Workspace</span>
          <select
            name="workspaceId"
            className="ems-control"
            defaultValue={me.workspace.id}
            data-testid="consent-workspace"
          >
            {me.workspaces.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </label>
        <div>
          <span className="muted">It will be able to:</span>
          <ul className="scopes" data-testid="consent-scopes">
            {scopes.map((s) => (
              <li key={s}>
                {SCOPE_DESCRIPTIONS[s] ?? s} <code className="muted">{s}</code>
              </li>
            ))}
          </ul>
        </div>
        <p className="muted" style={{ margin: 0 }}>
          Signed in as {me.user.email}. You will be sent back to <code>{new URL(redirectUri).origin}</code>. You can
          revoke access by deleting the app or its tokens.
        </p>
        {PARAMS.map((k) => request[k] !== undefined && <input key={k} type="hidden" name={k} value={request[k]} />)}
        <div className="row">
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
