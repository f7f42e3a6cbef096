// API keys this process authenticated, kept for up to a minute so that a key's
// requests cost no lookup (one round trip of every REST request:
// docs/benchmarks.md). Exact, not eventually so:
// - every change to a key notifies at commit (migration api_key_notify), and
//   the notification evicts it; this process's own revocations evict at once;
// - nothing is kept while the LISTEN connection is not in effect, and all is
//   dropped when it is lost (notifications may have been missed);
// - a lookup that started before a notification (or before LISTEN took
//   effect) is not kept: it may have read the key as it was before.
// Unknown, revoked and expired keys are never kept (no one fills the cache with
// made-up keys), and a kept key's expiry is checked on every request. The
// minute also bounds how stale lastUsedAt gets: a lookup stamps it.
import type { Notifications } from "@ems/db";

export interface KeyRow {
  id: number;
  workspaceId: number;
  name: string;
  scopes: string[];
  expiresAt: Date | null;
}

export const KEY_CACHE_TTL_MS = 60_000;
export const KEY_CACHE_MAX = 10_000;
const RETRY_LISTEN_MS = 5_000;
export const KEY_CHANNEL = "api_key_changed";

export interface KeyCache {
  /** A kept key by its hash, or undefined. */
  get(hash: string): KeyRow | undefined;
  /** Marks the start of a lookup: pass the result to `keep`. Null while notifications are not in effect. */
  begin(): number | null;
  /** Keeps a key read by a lookup that started at `ticket`, unless something changed since. */
  keep(hash: string, row: KeyRow, ticket: number | null): void;
  /** Forgets a key this process just changed (its notification comes later). */
  evict(hash: string): void;
}

export function createKeyCache(notifications: Notifications, now = () => Date.now()): KeyCache {
  const entries = new Map<string, { row: KeyRow; keptAt: number }>();
  // Bumped by everything that may make a running lookup's answer stale.
  let generation = 0;
  let listening: "no" | "starting" | "yes" = "no";
  let retryAt = 0;

  const forget = (hash?: string) => {
    if (hash === undefined) entries.clear();
    else entries.delete(hash);
    generation++;
  };

  function listen() {
    if (listening !== "no" || now() < retryAt) return;
    listening = "starting";
    const failed = () => {
      forget();
      listening = "no";
      retryAt = now() + RETRY_LISTEN_MS;
    };
    notifications.subscribe(KEY_CHANNEL, { message: (hash) => forget(hash), lost: failed }).then(() => {
      if (listening !== "starting") return;
      forget();
      listening = "yes";
    }, failed);
  }

  return {
    get(hash) {
      listen();
      if (listening !== "yes") return undefined;
      const entry = entries.get(hash);
      if (entry && now() - entry.keptAt < KEY_CACHE_TTL_MS) return entry.row;
      entries.delete(hash);
      return undefined;
    },
    begin: () => (listening === "yes" ? generation : null),
    keep(hash, row, ticket) {
      if (ticket === null || ticket !== generation || listening !== "yes") return;
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= KEY_CACHE_MAX) entries.delete(entries.keys().next().value!);
      entries.set(hash, { row, keptAt: now() });
    },
    evict: (hash) => forget(hash),
  };
}
