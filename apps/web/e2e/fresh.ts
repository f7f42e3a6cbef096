// Rows for a fresh workspace's browser tests (first-hour, readable and phone specs), written in SQL so a test starts
// where its item is (a finding with template evidence, a discovered host, issues assigned to someone) without a scan.
import { createDatabase } from "@ems/db";
import { stack } from "./fixtures";

export const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Runs fn with one query helper (`q` answers the first row's id) on the stack's database. */
export async function withDb<T>(fn: (q: (sql: string, values: unknown[]) => Promise<number>) => Promise<T>) {
  const db = createDatabase(stack().databaseUrl, { max: 1 });
  try {
    return await fn(async (sql, values) => (await db.pool.query(sql, values)).rows[0]?.id as number);
  } finally {
    await db.close();
  }
}

type Q = (sql: string, values: unknown[]) => Promise<number>;

export const project = (q: Q, workspaceId: number, name: string) =>
  q(`insert into "Project" ("workspaceId", name, "updatedAt") values ($1, $2, now()) returning id`, [
    workspaceId,
    name,
  ]);

export const asset = (
  q: Q,
  w: { workspaceId: number; projectId: number },
  value: string,
  o: { type?: string; name?: string; portScanMode?: string } = {},
) =>
  q(
    `insert into "Asset" ("workspaceId", "projectId", type, value, name, "ownershipToken", "ownershipVerifiedAt",
       "ownershipMethod", status, "portScanMode", "updatedAt")
     values ($1, $2, $3::"AssetType", $4, $5, 't', now(), 'dns-txt', 'reachable', $6::"PortScanMode", now())
     returning id`,
    [w.workspaceId, w.projectId, o.type ?? "domain", value, o.name ?? null, o.portScanMode ?? "web"],
  );

export const issue = (
  q: Q,
  w: { workspaceId: number; assetId: number },
  o: { kind: string; title: string; severity: string; assigneeUserId?: number | null; description?: string },
) =>
  q(
    `insert into "Issue" ("workspaceId", "assetId", kind, title, description, severity, status, "assigneeUserId",
       "updatedAt") values ($1, $2, $3, $4, $5, $6::"Severity", 'open', $7, now()) returning id`,
    [w.workspaceId, w.assetId, o.kind, o.title, o.description ?? "", o.severity, o.assigneeUserId ?? null],
  );

export const userId = (q: Q, email: string) => q(`select id from "User" where email = $1`, [email]);
