// json extractors: jq filters (nuclei runs gojq) through jq itself, compiled
// to WebAssembly (jq-web). Loaded on first use: most scans never need it, and
// the dashboard bundles this package without ever running templates.
import { createRequire } from "node:module";

interface Jq {
  /** Runs jq on JSON text with command-line flags; returns stdout, throws on a non-zero exit. */
  raw(json: string, filter: string, flags?: string[]): string;
}

let loaded: Promise<Jq> | undefined;

// jq-web is CommonJS whose export is a promise: required as such (an ESM import's interop wraps it differently in
// each loader).
function load(): Promise<Jq> {
  loaded ??= Promise.resolve(createRequire(import.meta.url)("jq-web") as Promise<Jq>);
  return loaded;
}

/**
 * The filter's outputs over the JSON text: strings as they are, anything else as compact JSON (as nuclei does).
 * Text that is not JSON, or a filter that fails on it, gives nothing.
 */
export async function jq(json: string, filter: string): Promise<string[]> {
  const engine = await load();
  let out: string;
  try {
    out = engine.raw(json, filter, ["-c"]);
  } catch {
    return [];
  }
  return out
    .split("\n")
    .filter((line) => line !== "" && line !== "null")
    .map((line) => {
      const v: unknown = JSON.parse(line);
      return typeof v === "string" ? v : line;
    });
}

/** Throws when the filter does not compile. */
export async function checkJqFilter(filter: string): Promise<void> {
  const engine = await load();
  try {
    engine.raw("null", filter, ["-c"]);
  } catch (err) {
    const message = (err as Error).message;
    if (/compile error|syntax error/i.test(message))
      throw new Error(`jq filter ${JSON.stringify(filter)} does not compile: ${message.split("\n")[1] ?? message}`);
  }
}
