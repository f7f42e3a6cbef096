// Who acts: the Actor every service call carries (built by the door from a credential) and, in one place, the
// system actors that act without a credential: the operator (CLI, test and bench set-up) and the background parts
// of a worker, each with the name its audit entries show.
import type { ActorType, Channel, Role } from "@ems/db";
import type { Scope } from "./scopes.ts";

/** Who is acting, through what (built by door.ts); copied into every audit entry. */
export interface Actor {
  workspaceId: number;
  type: ActorType;
  id: number | null;
  name: string;
  userId?: number;
  apiKeyId?: number;
  oauthAppId?: number;
  channel: Channel;
  ip?: string;
  userAgent?: string;
  /** A person's role in the workspace (a token granted by a person: theirs); null for API keys. */
  role?: Role | null;
  /** What an API key or OAuth token may do; absent for people and the operator. */
  scopes?: Scope[];
  /** The per-minute budget the credential spends (keys and tokens). */
  budgetKey?: string;
}

export interface OperatorMeta {
  channel: "cli" | "system";
  name: string;
}

/** The operator (CLI) or the system (jobs): not a person or credential, with an owner's authority. */
export const operatorActor = (workspaceId: number, op: OperatorMeta): Actor => ({
  workspaceId,
  type: "system",
  id: null,
  name: op.name,
  channel: op.channel,
  role: "owner",
});

/** The system's parts that act in a workspace on their own, by the name their audit entries show. */
export type SystemActorName = "worker" | "scheduler" | "discovery" | "webhooks" | "sla";

const systemActor = (name: SystemActorName) => (workspaceId: number) =>
  operatorActor(workspaceId, { channel: "system", name });

/** The actor of background jobs (checks, scans, discovery runs, assessments): observations, not someone's changes. */
export const jobActor = systemActor("worker");
/** The scan scheduler's tick, starting due schedules (scan-schedules/scheduler.ts). */
export const schedulerActor = systemActor("scheduler");
/** The discovery cadence, starting due runs (discovery/discovery.runs.ts). */
export const discoveryActor = systemActor("discovery");
/** Webhook deliveries (the automatic disabling of an endpoint is audited by it). */
export const webhookActor = systemActor("webhooks");
/** The SLA breach tick (issues/issues.sla-breach.ts). */
export const slaActor = systemActor("sla");

/** What the scan engine's findings are filed by in issue events (issues/issues.sync.ts); it holds no role. */
export const scannerActor = (workspaceId: number): Actor => ({
  workspaceId,
  type: "system",
  id: null,
  name: "scanner",
  channel: "system",
});
