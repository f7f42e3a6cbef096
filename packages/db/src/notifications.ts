// LISTEN/NOTIFY: one connection per database handle, opened by the first
// subscriber and closed with the handle. A notification is only as good as
// the connection that carries it, so a subscriber also hears when it is lost
// (it must then distrust what it kept) and may subscribe again.
import pg from "pg";

export interface Subscriber {
  message(payload: string): void;
  /** The connection dropped: notifications may have been missed. */
  lost(): void;
}

export interface Notifications {
  /** Resolves once LISTEN is in effect: every NOTIFY committed after that reaches `subscriber`. */
  subscribe(channel: string, subscriber: Subscriber): Promise<void>;
  close(): Promise<void>;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function createNotifications(url: string): Notifications {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  const subscribers = new Map<string, Set<Subscriber>>();

  function drop(dead: pg.Client) {
    if (client !== dead) return;
    client = null;
    connecting = null;
    const all = [...subscribers.values()].flatMap((set) => [...set]);
    subscribers.clear();
    for (const s of all) s.lost();
  }

  function connect(): Promise<pg.Client> {
    if (closed) return Promise.reject(new Error("notifications: closed"));
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      client = c;
      // A lost connection must not crash the process: it is reported to the subscribers instead.
      c.on("error", () => drop(c));
      c.on("end", () => drop(c));
      c.on("notification", (n) => {
        for (const s of subscribers.get(n.channel) ?? []) s.message(n.payload ?? "");
      });
      try {
        await c.connect();
      } catch (err) {
        drop(c);
        throw err;
      }
      return c;
    })();
    return connecting;
  }

  return {
    async subscribe(channel, subscriber) {
      const c = await connect();
      const set = subscribers.get(channel) ?? new Set();
      if (set.size === 0) await c.query(`listen ${quoteIdent(channel)}`);
      set.add(subscriber);
      subscribers.set(channel, set);
    },
    async close() {
      closed = true;
      const c = client;
      subscribers.clear();
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
