// Digests (docs/api.md, Webhooks): an hourly or daily endpoint's events are held (webhooks.events.ts) until their UTC
// period closes; then every worker's minute tick sends one message per endpoint and period, with the counts per event
// and severity and the top items. A tick locks the due endpoints (skipping those another worker holds), and in one
// transaction per batch stores each digest as a delivery (unique per endpoint and period), queues its job in the fair
// webhook queue and deletes the events it sums up: a worker that dies mid-digest rolls all of it back, and the next
// tick sends it; none is sent twice. A period with no event sends nothing (there is nothing held to find).
import type { Prisma } from "@ems/db";
import { webhookActor } from "../actors.ts";
import type { ScopedTx } from "../db/scoped.ts";
import { actAs } from "../door.ts";
import type { ServiceContext, Services } from "../service-context.ts";
import { newMessageId, payloadOf, periodOf, queueDelivery } from "./webhooks.events.ts";
import { DIGEST_TOP_ITEMS, type WebhookEventType } from "./webhooks.payload.ts";
import { summary, type Digest, type Payload } from "./webhooks.slack.ts";

export const DIGEST_INTERVAL_MS = 60_000;
/** Endpoints digested per transaction; a tick repeats until fewer are due. */
const BATCH = 50;

type Severity = Digest["counts"][number]["severity"];

/**
 * The order of a digest's top items: critical, high, medium, then events without a severity (failed scans,
 * unreachable assets, new ports and hosts, scan summaries), then low and info; newest first within a rank.
 */
const PRIORITY = `coalesce(array_position(array['info','low','medium','high','critical'], severity::text) - 1, 1.5)`;

/** One period's digest of one endpoint, from its held events (SQL aggregates: a day may hold thousands). */
async function digestOf(sc: ServiceContext<"webhooks">, tx: ScopedTx, endpointId: number, start: Date, end: Date) {
  const web = sc.services.webhooks.webUrl;
  const counts = await tx.$queryRaw<{ type: string; severity: Severity; count: number }[]>`
    select h."eventType" as type, h.severity::text as severity, count(*)::int as count from "WebhookHeldEvent" h
    where h."workspaceId" = ${sc.workspaceId} and h."endpointId" = ${endpointId} and h."periodStart" = ${start}
    group by h."eventType", h.severity order by h.severity desc nulls last, h."eventType"`;
  const top = await tx.$queryRawUnsafe<{ payload: Payload & { timestamp: string }; severity: Severity }[]>(
    `select payload, severity::text as severity from "WebhookHeldEvent"
     where "workspaceId" = $1 and "endpointId" = $2 and "periodStart" = $3
     order by ${PRIORITY} desc, id desc limit ${DIGEST_TOP_ITEMS}`,
    sc.workspaceId,
    endpointId,
    start,
  );
  const total = counts.reduce((n, c) => n + c.count, 0);
  const settings = `${web}/settings/webhooks`;
  const digest: Digest = {
    endpoint: { id: endpointId, url: settings },
    period: {
      delivery: end.getTime() - start.getTime() <= 3_600_000 ? "hourly" : "daily",
      start: start.toISOString(),
      end: end.toISOString(),
    },
    total,
    counts,
    top: top.map(({ payload, severity }) => {
      const { text, link } = summary(payload, (s) => s);
      return { type: payload.type, severity, text, url: link, timestamp: payload.timestamp };
    }),
    heldBack:
      total > top.length
        ? {
            count: total - top.length,
            issuesUrl: `${web}/issues?view=list`,
            deliveriesUrl: `${settings}?endpoint=${endpointId}`,
          }
        : null,
  };
  return digest;
}

/** Queues the digests of one locked endpoint for every closed period it holds events of; returns how many. */
async function digestEndpoint(sc: ServiceContext<"jobs" | "webhooks">, tx: ScopedTx, endpointId: number, now: Date) {
  const periods = await tx.webhookHeldEvent.groupBy({
    by: ["periodStart", "periodEnd"],
    where: { endpointId, periodEnd: { lte: now } },
    orderBy: { periodStart: "asc" },
  });
  let sent = 0;
  for (const { periodStart, periodEnd } of periods) {
    const inPeriod: Prisma.WebhookHeldEventWhereInput = { endpointId, periodStart };
    const done = await tx.webhookDelivery.findUnique({
      where: { endpointId_digestPeriodStart: { endpointId, digestPeriodStart: periodStart } },
      select: { id: true },
    });
    if (done) {
      // Held after its period's digest went (a process whose clock ran behind): into the current period, not lost.
      const delivery = periodEnd.getTime() - periodStart.getTime() <= 3_600_000 ? "hourly" : "daily";
      const next = periodOf(delivery, now);
      await tx.webhookHeldEvent.updateMany({
        where: inPeriod,
        data: { periodStart: next.start, periodEnd: next.end },
      });
      continue;
    }
    const digest = await digestOf(sc, tx, endpointId, periodStart, periodEnd);
    await queueDelivery(sc, tx, {
      endpointId,
      messageId: newMessageId(),
      eventType: "digest" satisfies WebhookEventType,
      payload: payloadOf(sc, "digest", digest, periodEnd),
      digestPeriodStart: periodStart,
    });
    await tx.webhookHeldEvent.deleteMany({ where: inPeriod });
    sent += 1;
  }
  return sent;
}

/** Sends every digest due at `now` (the one clock unless a test gives one); returns how many were queued. */
export async function sendDueDigests(services: Services, opts: { now?: Date } = {}) {
  let sent = 0;
  for (;;) {
    const now = opts.now ?? services.now();
    const { endpoints, digests } = await services.scoped.$transaction(
      async (tx) => {
        // FOR NO KEY UPDATE: emitters go on holding events for these endpoints (their foreign key takes KEY SHARE);
        // another worker's tick skips them.
        const due = await tx.$queryRaw<{ id: number; workspaceId: number }[]>`
          select e.id, e."workspaceId" from "WebhookEndpoint" e
          where e.id in (select h."endpointId" from "WebhookHeldEvent" h where h."periodEnd" <= ${now})
          order by e.id limit ${BATCH} for no key update of e skip locked`;
        let queued = 0;
        for (const ep of due) {
          queued += await actAs(services, webhookActor(ep.workspaceId), (sc) => digestEndpoint(sc, tx, ep.id, now));
        }
        return { endpoints: due.length, digests: queued };
      },
      // As the SLA breach tick: a loaded database must not make the tick give up and retry for nothing.
      { timeout: 120_000, maxWait: 30_000 },
    );
    sent += digests;
    if (endpoints < BATCH) return sent;
  }
}
