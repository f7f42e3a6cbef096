// The sources phase: certificate transparency, each source with its own time
// limit. A failing source becomes a sourceError; names it sent before failing
// are kept.
import { FetchRefused } from "../http.ts";
import { certSpotterNames, crtShNames, ctSources } from "./ct.ts";
import type { DiscoveryInput, DiscoveryResult, DiscoverySource } from "./types.ts";

const LABELS: Record<string, string> = { crtsh: "crt.sh", certspotter: "CertSpotter" };

function describe(err: unknown, timeoutMs: number): string {
  if (err instanceof FetchRefused && err.reason === "timeout") return `no answer within ${timeoutMs} ms`;
  if (err instanceof Error && err.name === "TimeoutError") return `no answer within ${timeoutMs} ms`;
  return err instanceof Error ? err.message : String(err);
}

export async function collectCtNames(
  domain: string,
  input: DiscoveryInput,
  note: (name: string, source: DiscoverySource) => void,
): Promise<DiscoveryResult["sourceErrors"]> {
  const { config, net, signal, onProgress } = input;
  const sources = ctSources(config);
  const errors: DiscoveryResult["sourceErrors"] = [];
  let done = 0;
  onProgress?.({ phase: "sources", done, total: sources.length });
  await Promise.all(
    sources.map(async ({ source, base }) => {
      const limit = AbortSignal.timeout(config.sourceTimeoutMs);
      const both = signal ? AbortSignal.any([signal, limit]) : limit;
      const deadline = Date.now() + config.sourceTimeoutMs;
      const noteAll = (names: string[]) => names.forEach((n) => note(n, source));
      try {
        if (source === "crtsh") noteAll(await crtShNames(domain, base, net, deadline, both));
        else await certSpotterNames(domain, base, config.certSpotterToken, net, deadline, both, noteAll);
      } catch (err) {
        if (signal?.aborted) return;
        errors.push({ source, message: `${LABELS[source]}: ${describe(err, config.sourceTimeoutMs)}` });
      }
      onProgress?.({ phase: "sources", done: ++done, total: sources.length });
    }),
  );
  return errors.sort((a, b) => a.source.localeCompare(b.source));
}
