// What each schedule's next slot will scan, as things stand: its asset, or its project's proven assets now (the
// scheduler reads the project's assets when the slot fires, so an asset added later is included).
import type { z } from "zod";
import type { ScopedTx } from "../db/scoped.ts";
import type { nextScanSchema } from "./scan-schedules.schemas.ts";

export type NextScan = z.output<typeof nextScanSchema>;
export type ScheduleReader = Pick<ScopedTx, "scanSchedule" | "asset">;

/** How many of the project's assets the answer names. */
export const NEXT_SCAN_ASSETS = 5;

type Target = {
  projectId: number | null;
  asset: { id: number; value: string; ownershipVerifiedAt: Date | null } | null;
};

/** Each schedule with its `nextScan`: per project on the page, two counts and the first proven assets. */
export async function withNextScans<S extends Target>(db: ScheduleReader, schedules: S[]) {
  const projectIds = [...new Set(schedules.flatMap((s) => (s.projectId === null ? [] : [s.projectId])))];
  const byProject = new Map(
    await Promise.all(
      projectIds.map(async (projectId) => {
        const [assetCount, all, assets] = await Promise.all([
          db.asset.count({ where: { projectId, ownershipVerifiedAt: { not: null } } }),
          db.asset.count({ where: { projectId } }),
          db.asset.findMany({
            where: { projectId, ownershipVerifiedAt: { not: null } },
            select: { id: true, value: true },
            orderBy: { id: "asc" },
            take: NEXT_SCAN_ASSETS,
          }),
        ]);
        return [projectId, { assetCount, assets, unprovenCount: all - assetCount }] as const;
      }),
    ),
  );
  return schedules.map((s) => {
    const proven = Boolean(s.asset?.ownershipVerifiedAt);
    const nextScan: NextScan =
      s.projectId !== null
        ? byProject.get(s.projectId)!
        : {
            assetCount: proven ? 1 : 0,
            assets: proven ? [{ id: s.asset!.id, value: s.asset!.value }] : [],
            unprovenCount: proven ? 0 : 1,
          };
    return { ...s, nextScan };
  });
}
