// Go (RE2) regular expressions as JavaScript RegExps: leading (?flags) become
// flags, (?P<n>…) becomes (?<n>…), \A \z anchors and POSIX classes are
// rewritten. What JavaScript cannot express the same way (flags in the middle
// of a pattern, the U flag) throws, so the template is refused, not run
// differently. Compiled patterns are cached: templates share many.
const POSIX: Record<string, string> = {
  alpha: "A-Za-z",
  digit: "0-9",
  alnum: "A-Za-z0-9",
  upper: "A-Z",
  lower: "a-z",
  space: "\\t\\n\\v\\f\\r ",
  xdigit: "0-9A-Fa-f",
  punct: "!-\\/:-@\\[-`{-~",
  word: "\\w",
};

const cache = new Map<string, RegExp>();

export function goRegex(source: string, extraFlags = ""): RegExp {
  const key = `${extraFlags}/${source}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let src = source;
  const flags = new Set(extraFlags.split("").filter(Boolean));
  const lead = /^\(\?([imsU]+)\)/.exec(src);
  if (lead) {
    for (const f of lead[1]!) {
      if (f === "U") throw new Error(`regex ${JSON.stringify(source)}: the U flag is not supported`);
      flags.add(f);
    }
    src = src.slice(lead[0].length);
  }
  if (/\(\?[imsU-]+[:)]/.test(src))
    throw new Error(`regex ${JSON.stringify(source)}: inline flags are only supported at the start`);
  src = src
    .replace(/\(\?P</g, "(?<")
    .replace(/\\A/g, "^")
    .replace(/\\z/g, "$")
    .replace(/\[:(\w+):\]/g, (all, name: string) => POSIX[name] ?? all);
  let re: RegExp;
  try {
    re = new RegExp(src, [...flags].join(""));
  } catch (err) {
    throw new Error(`regex ${JSON.stringify(source)}: ${(err as Error).message}`);
  }
  if (cache.size > 50_000) cache.clear();
  cache.set(key, re);
  return re;
}

/** The same pattern with the g flag, for every match. */
export function globalRegex(re: RegExp): RegExp {
  return re.flags.includes("g") ? re : new RegExp(re.source, `${re.flags}g`);
}
