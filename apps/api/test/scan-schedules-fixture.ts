// Shared by the scan-schedule test files: the API with a queue, the Scan schedule object's fields, and a workspace
// with a key and a project to add assets and schedules to.
import { afterAll, beforeAll, expect } from "vitest";
import { runInWorkspace } from "@ems/core/testing";
import { call, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

export let api: TestApi;

/** Starts the API (scans queued, no worker runs them) for the file that calls it. */
export function setupScheduleApi() {
  beforeAll(async () => {
    api = await startApi({ queue: true }); // scans are queued; no worker runs them here
  });
  afterAll(async () => {
    await api.close();
  });
}

export const SCHEDULE_FIELDS = [
  "id",
  "assetId",
  "name",
  "frequency",
  "dayOfWeek",
  "dayOfMonth",
  "time",
  "intervalDays",
  "windowStartHour",
  "windowEndHour",
  "windowDays",
  "enabled",
  "disabledReason",
  "lastRunAt",
  "nextRunAt",
  "createdAt",
  "updatedAt",
  "asset",
  "projectId",
  "project",
  "nextScan",
].sort();

export interface Schedule {
  id: number;
  assetId: number | null;
  projectId: number | null;
  name: string;
  frequency: string;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  enabled: boolean;
  disabledReason: string | null;
  nextRunAt: string | null;
  lastRunAt: string | null;
  asset: Record<string, unknown> | null;
  nextScan: { assetCount: number; assets: { id: number; value: string }[]; unprovenCount: number };
}

/** A workspace with a key, a project, and helpers to add assets and schedules in it. */
export async function setup(plan: "essential" | "pro" = "pro") {
  const { key, workspace } = await workspaceWithKey(api.services, { plan });
  const req = (method: string, path: string, body?: unknown, credential = key) =>
    call(api.url, credential, method, path, body);
  const projectId = ((await (await req("POST", "/app/projects", { name: "P" })).json()) as { id: number }).id;
  async function asset(value: string, proven = true) {
    const res = await req("POST", "/app/assets", { projectId, type: "domain", value, portScanMode: "off" });
    expect(res.status, await res.clone().text()).toBe(201);
    const id = ((await res.json()) as { id: number }).id;
    if (proven) {
      await runInWorkspace(workspace.id, () =>
        api.services.scoped.asset.update({
          where: { id },
          data: { ownershipVerifiedAt: new Date(), ownershipMethod: "dns_txt" },
        }),
      );
    }
    return id;
  }
  const create = async (body: Record<string, unknown>) => {
    const res = await req("POST", "/app/scan-schedules", body);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as Schedule;
  };
  const count = () => runInWorkspace(workspace.id, () => api.services.scoped.scanSchedule.count());
  return { key, workspaceId: workspace.id, req, projectId, asset, create, count };
}
