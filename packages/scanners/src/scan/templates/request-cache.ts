// Responses shared between template runs (their own module: the runners' context types it).
import type { Fetched } from "../evidence.ts";

/** Responses by request, for one template run, or one stage for GET/HEAD (nuclei clusters those the same way). */
export class RequestCache {
  private readonly entries = new Map<string, Promise<Fetched>>();
  constructor(private readonly max = 128) {}
  get(key: string, fetch: () => Promise<Fetched>): Promise<Fetched> {
    let p = this.entries.get(key);
    if (!p) {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
      p = fetch();
      this.entries.set(key, p);
      // A failed fetch (an abort) is not kept.
      p.catch(() => this.entries.delete(key));
    }
    return p;
  }
}
