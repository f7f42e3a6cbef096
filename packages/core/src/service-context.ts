import type { Actor } from "./audit/write.ts";
import type { ScopedClient, ScopedTx } from "./db/scoped.ts";

/** What a service needs: the workspace-scoped client and who is acting. */
export interface ServiceContext {
  db: ScopedClient;
  actor: Actor;
  workspaceId: number;
}

/** Locks the workspace row for the rest of the transaction, so that plan-limit checks and the writes they guard cannot interleave. */
export async function lockWorkspace(tx: ScopedTx, workspaceId: number) {
  await tx.$executeRaw`select 1 from "Workspace" where id = ${workspaceId} for update`;
}
