// Timing GET requests through the full stack in-process (app.inject: auth,
// rate limit, procedure, SQL, JSON; no socket), for the benchmarks.
import type { FastifyInstance } from "fastify";
import { asOperator, createApiKey, type Services } from "@ems/core";

const operator = { channel: "cli" as const, name: "bench" };

/**
 * `count` API keys handed out in turn: each key may read 120 times a minute, so the benchmarks spread their requests
 * over enough keys that the limiter (which still runs on every request) never answers 429.
 */
export async function keyRing(services: Services, workspaceId: number, count: number) {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    keys.push(
      (await asOperator(services, workspaceId, operator, (sc) => createApiKey(sc, { name: `bench-${i}` }))).key,
    );
  }
  let next = 0;
  return () => `Bearer ${keys[next++ % keys.length]}`;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;

export async function get(app: FastifyInstance, url: string, authorization: string) {
  const r = await app.inject({ method: "GET", url, headers: { authorization } });
  if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 300)}`);
  return r;
}

/** `runs` requests one after the other: median and p99 in ms. */
export async function sequential(app: FastifyInstance, url: string, auth: () => string, runs: number) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await get(app, url, auth());
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

/** `connections` requests in flight at all times for `ms`: requests per second and p99 in ms. */
export async function concurrent(
  app: FastifyInstance,
  url: string,
  auth: () => string,
  connections: number,
  ms: number,
) {
  const times: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() - start < ms) {
        const t = performance.now();
        await get(app, url, auth());
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = performance.now() - start;
  times.sort((a, b) => a - b);
  return { rps: (times.length * 1000) / elapsed, p99: percentile(times, 0.99) };
}
