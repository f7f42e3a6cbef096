// Raw SQL in a workspace: the row lock plan limits take, and the guarded query of hot read paths.
import type { ScopedTx } from "./scoped.ts";
import type { ServiceContext } from "../service-context.ts";

/**
 * Locks the workspace row for the rest of the transaction, so that plan-limit checks and the writes they guard cannot
 * interleave. FOR NO KEY UPDATE excludes the other lockers but not the foreign-key checks (FOR KEY SHARE) of every
 * insert in the workspace, which FOR UPDATE would make wait.
 */
export async function lockWorkspace(tx: ScopedTx, workspaceId: number) {
  await tx.$executeRaw`select 1 from "Workspace" where id = ${workspaceId} for no key update`;
}

/**
 * Raw SQL for hot read paths (lists), where Prisma costs ~0.8 ms of CPU per
 * query more than pg (docs/benchmarks.md). The scoped client cannot guard raw
 * SQL, so this does: the caller's workspace is always bound as $1, and the
 * SQL must filter on it.
 */
export async function workspaceRows<T extends object>(
  sc: Pick<ServiceContext, "pool" | "workspaceId">,
  name: string,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  if (!/"workspaceId"\s*=\s*\$1\b|\bid\s*=\s*\$1\b/.test(sql))
    throw new Error(`${name}: SQL must filter by "workspaceId" = $1`);
  const { rows } = await sc.pool.query<T>({ name, text: sql, values: [sc.workspaceId, ...values] });
  return rows;
}
