// The SLA breach tick (docs/api.md, SLA): every minute a worker claims the unresolved issues whose deadline has
// passed and whose breach no message announced yet, marks them and queues one issue.sla_breached message each to the
// workspace's subscribed endpoints, in one transaction per batch, so a breach is announced once (a reopened issue,
// or one a policy change gave a later deadline, can breach again: see issue_derived and sla-policy.service.ts).
import { actAs } from "../door.ts";
import { slaActor } from "../actors.ts";
import type { Services } from "../service-context.ts";
import { emitWebhookEvents } from "../webhooks/webhooks.events.ts";

export const SLA_BREACH_INTERVAL_MS = 60_000;
/** Issues claimed per transaction; a tick repeats until fewer are due. */
const BATCH = 500;

interface Breach {
  id: number;
  workspaceId: number;
  title: string;
  severity: "info" | "low" | "medium" | "high" | "critical";
  kind: string;
  port: number | null;
  dueAt: Date;
  assetId: number;
  assetValue: string;
  assetName: string | null;
}

/** Announces every breach at `now` (the one clock, unless a test gives one); returns how many. */
export async function notifySlaBreaches(services: Services, opts: { now?: Date; batch?: number } = {}) {
  const batch = opts.batch ?? BATCH;
  let notified = 0;
  for (;;) {
    const now = opts.now ?? services.now();
    const claimed = await services.scoped.$transaction(
      async (tx) => {
        // Served by Issue_sla_unnotified_idx (unresolved and not notified: the breaches to announce and the issues not
        // yet due).
        const due = await tx.$queryRaw<Breach[]>`
        update "Issue" u set "slaBreachNotifiedAt" = ${now}
        from (select i.id from "Issue" i
              where i.status in ('open', 'in-progress') and i."slaBreachNotifiedAt" is null and i."dueAt" <= ${now}
              order by i."dueAt" limit ${batch} for update skip locked) c, "Asset" a
        where u.id = c.id and a.id = u."assetId"
        returning u.id, u."workspaceId", u.title, u.severity::text as severity, u.kind, u.port, u."dueAt",
                  a.id as "assetId", a.value as "assetValue", a.name as "assetName"`;
        const byWorkspace = new Map<number, Breach[]>();
        for (const b of due) byWorkspace.set(b.workspaceId, [...(byWorkspace.get(b.workspaceId) ?? []), b]);
        for (const [workspaceId, breaches] of byWorkspace) {
          await actAs(services, slaActor(workspaceId), (sc) =>
            emitWebhookEvents(
              sc,
              tx,
              breaches.map((b) => ({
                type: "issue.sla_breached" as const,
                asset: { id: b.assetId, value: b.assetValue, name: b.assetName },
                issue: { id: b.id, title: b.title, severity: b.severity, kind: b.kind, port: b.port },
                dueAt: b.dueAt,
              })),
            ),
          );
        }
        return due.length;
      },
      // As the scheduler's tick: a loaded database must not make the tick give up and retry for nothing.
      { timeout: 120_000, maxWait: 30_000 },
    );
    notified += claimed;
    if (claimed < batch) return notified;
  }
}
