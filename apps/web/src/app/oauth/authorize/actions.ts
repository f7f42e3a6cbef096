"use server";
// The consent decision. Server actions are POSTs that Next only accepts from
// our own origin (its CSRF protection); the request is validated again here.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import {
  actAs,
  approveAuthorization,
  denyAuthorization,
  identify,
  validateAuthorizationRequest,
  type AuthorizationRequest,
} from "@ems/core";
import { currentSession, dashboardSession } from "@/server/auth";
import { requestClient } from "@/server/request";
import { services } from "@/server/services";

export async function decide(form: FormData) {
  const session = await currentSession();
  if (!session) redirect("/login");
  const request = Object.fromEntries(
    ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"].flatMap(
      (k) => {
        const v = form.get(k);
        return typeof v === "string" ? [[k, v]] : [];
      },
    ),
  ) as AuthorizationRequest;
  const result = await validateAuthorizationRequest(services(), request);
  if ("redirect" in result) redirect(result.redirect);
  if (form.get("decision") !== "approve") redirect(denyAuthorization(result.ok));

  const workspaceId = Number(form.get("workspaceId") ?? session.workspaceId);
  const client = requestClient(await headers());
  // Through the door into the chosen workspace: not a member there, no code.
  const credential = { kind: "session", session: { ...dashboardSession(session), workspaceId } } as const;
  const actor = await identify(services(), credential, client).catch(() => null);
  if (!actor) redirect("/login?error=workspace");
  redirect(await actAs(services(), actor, (sc) => approveAuthorization(sc, result.ok)));
}
