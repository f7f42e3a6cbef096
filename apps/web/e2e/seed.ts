// Rows seeded straight into the test stack's database, as the worker or the API would leave them (for pages whose
// data is slow or impossible to make for real in a browser test).
import { createDatabase } from "@ems/db";
import { stack } from "./fixtures";

/** Runs one insert (…returning id) and gives the id. */
export type Insert = (sql: string, values: unknown[]) => Promise<number>;

/** `fn` with an insert helper on one connection (closed afterwards) and a new project of the acme workspace. */
export async function seeded<T>(projectName: string, fn: (insert: Insert, projectId: number) => Promise<T>) {
  const db = createDatabase(stack().databaseUrl, { max: 1 });
  const insert: Insert = async (sql, values) => (await db.pool.query(sql, values)).rows[0]?.id as number;
  try {
    const projectId = await insert(
      `insert into "Project" ("workspaceId", name, "updatedAt") values ($1, $2, now()) returning id`,
      [stack().workspaces.acme, projectName],
    );
    return await fn(insert, projectId);
  } finally {
    await db.close();
  }
}
