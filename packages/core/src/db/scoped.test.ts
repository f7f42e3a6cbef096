import { readFile, readdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@ems/db/testing";
import { runInWorkspace, scopedClient, WORKSPACE_MODELS, type ScopedClient } from "./scoped.ts";

let db: TestDatabase;
let scoped: ScopedClient;
let a: number;
let b: number;

beforeAll(async () => {
  db = await createTestDatabase();
  scoped = scopedClient(db.prisma);
  a = (await db.prisma.workspace.create({ data: { name: "A" } })).id;
  b = (await db.prisma.workspace.create({ data: { name: "B" } })).id;
});
afterAll(() => db.drop());

describe("the workspace-scoped client", () => {
  it("knows every model that has a workspaceId", async () => {
    const folder = new URL("../../../db/prisma/schema/", import.meta.url);
    const files = (await readdir(folder)).filter((f) => f.endsWith(".prisma"));
    const schema = (await Promise.all(files.map((f) => readFile(new URL(f, folder), "utf8")))).join("\n");
    const models = [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)]
      .filter(([, , body]) => /^\s+workspaceId\s+Int\b/m.test(body!))
      .map(([, name]) => name);
    expect([...WORKSPACE_MODELS].sort()).toEqual(models.sort());
  });

  it("refuses to query a workspace model outside of a workspace scope", async () => {
    await expect(scoped.project.findMany()).rejects.toThrow(/outside of a workspace scope/);
    await expect(scoped.project.create({ data: { workspaceId: a, name: "x" } })).rejects.toThrow(
      /outside of a workspace scope/,
    );
  });

  it("reads and writes only the current workspace, whatever the query asks", async () => {
    const pa = await runInWorkspace(a, () => scoped.project.create({ data: { workspaceId: a, name: "in A" } }));
    // Even a create that names another workspace lands in the current one.
    const pb = await runInWorkspace(b, () => scoped.project.create({ data: { workspaceId: a, name: "in B" } }));
    expect(pb.workspaceId).toBe(b);

    expect(await runInWorkspace(b, () => scoped.project.findUnique({ where: { id: pa.id } }))).toBeNull();
    expect(await runInWorkspace(b, () => scoped.project.findFirst({ where: { workspaceId: a } }))).toMatchObject({
      id: pb.id,
    });
    expect(await runInWorkspace(b, () => scoped.project.count())).toBe(1);
    await expect(
      runInWorkspace(b, () => scoped.project.update({ where: { id: pa.id }, data: { name: "hijacked" } })),
    ).rejects.toMatchObject({ code: "P2025" });
    await expect(runInWorkspace(b, () => scoped.project.delete({ where: { id: pa.id } }))).rejects.toMatchObject({
      code: "P2025",
    });
    expect(await runInWorkspace(b, () => scoped.project.deleteMany({}))).toEqual({ count: 1 });
    expect(await runInWorkspace(a, () => scoped.project.findUnique({ where: { id: pa.id } }))).toMatchObject({
      name: "in A",
    });
  });

  it("treats ids past int4 as missing rather than failing", async () => {
    expect(
      await runInWorkspace(a, () => scoped.project.findUnique({ where: { id: 9_007_199_254_740_991 } })),
    ).toBeNull();
  });

  it("stays in scope inside interactive transactions", async () => {
    const count = await runInWorkspace(a, () =>
      scoped.$transaction(async (tx) => {
        await tx.project.create({ data: { workspaceId: b, name: "tx" } });
        return tx.project.count();
      }),
    );
    expect(count).toBe(2);
    expect(await runInWorkspace(b, () => scoped.project.count())).toBe(0);
  });
});
