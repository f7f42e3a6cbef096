// The bundled brute-force wordlist: wordlist.txt, 4,984 labels (the 5,000
// most common subdomain labels of SecLists' subdomains-top1million-5000, as
// shipped in the MIT-licensed npm package subquest 1.5.3; see
// wordlist.LICENSE). Lower-cased, de-duplicated, junk lines dropped.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let labels: readonly string[] | null = null;

/** The labels, read once (about 40 KB). Resolved when used: bundlers rewrite `new URL(…, import.meta.url)`. */
export function bundledWordlist(): readonly string[] {
  labels ??= readFileSync(join(dirname(fileURLToPath(import.meta.url)), "wordlist.txt"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  return labels;
}

/** `label.domain` for every label, one at a time (the names are never all held at once). */
export function* bruteforceNames(domain: string, words: Iterable<string> = bundledWordlist()): Generator<string> {
  for (const w of words) yield `${w}.${domain}`;
}
