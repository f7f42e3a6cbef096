// Cloud bucket notations. Accepted (case-insensitive hosts, optional
// http(s)://, optional trailing slash; no object paths or queries):
//   S3:    s3://name · arn:aws:s3:::name · name.s3.amazonaws.com ·
//          name.s3.<region>.amazonaws.com · name.s3-<region>.amazonaws.com ·
//          s3.amazonaws.com/name · s3.<region>.amazonaws.com/name
//   GCS:   gs://name · storage.googleapis.com/name · name.storage.googleapis.com
//   Azure: azure://account/container · account.blob.core.windows.net/container
// The canonical value is s3://name, gs://name or azure://account/container.

export type BucketProvider = "s3" | "gcs" | "azure";

export interface ParsedBucket {
  type: "bucket";
  value: string;
  provider: BucketProvider;
  name: string;
  account?: string;
  container?: string;
  region?: string;
}

type Result = { ok: true; target: ParsedBucket } | { ok: false; message: string };

const NOTATIONS =
  "s3://name, name.s3.amazonaws.com, arn:aws:s3:::name, gs://name, storage.googleapis.com/name, " +
  "azure://account/container or account.blob.core.windows.net/container";
const REGION = /^[a-z]{2}(-[a-z]+)+-\d{1,2}$/;
const IP_LIKE = /^\d+\.\d+\.\d+\.\d+$/;

export function s3NameError(name: string): string | null {
  if (name.length < 3 || name.length > 63)
    return `an S3 bucket name must be 3 to 63 characters, "${name}" has ${name.length}`;
  if (/[A-Z]/.test(name)) return `S3 bucket names are lowercase ("${name.toLowerCase()}")`;
  if (!/^[a-z0-9.-]+$/.test(name))
    return "an S3 bucket name may contain only lowercase letters, digits, dots and hyphens";
  if (!/^[a-z0-9].*[a-z0-9]$/.test(name)) return "an S3 bucket name must start and end with a letter or digit";
  if (name.includes("..")) return "an S3 bucket name must not contain two dots in a row";
  if (IP_LIKE.test(name)) return "an S3 bucket name must not look like an IP address";
  if (/^(xn--|sthree-|amzn-s3-demo-)/.test(name) || /(-s3alias|--ol-s3|\.mrap|--x-s3|--table-s3)$/.test(name)) {
    return "an S3 bucket name must not use a prefix or suffix reserved by AWS (xn--, sthree-, -s3alias, --ol-s3 …)";
  }
  return null;
}

export function gcsNameError(name: string): string | null {
  if (/[A-Z]/.test(name)) return `GCS bucket names are lowercase ("${name.toLowerCase()}")`;
  if (!/^[a-z0-9._-]+$/.test(name))
    return "a GCS bucket name may contain only lowercase letters, digits, dots, hyphens and underscores";
  const max = name.includes(".") ? 222 : 63;
  if (name.length < 3 || name.length > max)
    return `a GCS bucket name must be 3 to ${max} characters, "${name}" has ${name.length}`;
  if (name.split(".").some((part) => part.length === 0 || part.length > 63))
    return "each dot-separated part of a GCS bucket name must be 1 to 63 characters";
  if (!/^[a-z0-9].*[a-z0-9]$/.test(name)) return "a GCS bucket name must start and end with a letter or digit";
  if (IP_LIKE.test(name)) return "a GCS bucket name must not look like an IP address";
  if (name.startsWith("goog") || /g[o0]{2}g[l1]e/.test(name))
    return 'a GCS bucket name must not start with "goog" or contain "google"';
  return null;
}

export function azureNameError(account: string, container: string): string | null {
  if (!/^[a-z0-9]{3,24}$/.test(account))
    return "an Azure storage account name must be 3 to 24 lowercase letters or digits";
  if (container === "$root" || container === "$web") return null;
  if (!/^[a-z0-9-]{3,63}$/.test(container))
    return "an Azure container name must be 3 to 63 lowercase letters, digits or hyphens";
  if (!/^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9]))*$/.test(container))
    return (
      "an Azure container name must start with a letter or digit and hyphens must be single and between letters " +
      "or digits"
    );
  return null;
}

const fail = (message: string): Result => ({ ok: false, message });

function s3(name: string, region?: string): Result {
  const err = s3NameError(name);
  if (err) return fail(err);
  if (region !== undefined && !REGION.test(region)) return fail(`"${region}" is not an AWS region like eu-west-1`);
  return {
    ok: true,
    target: { type: "bucket", value: `s3://${name}`, provider: "s3", name, ...(region ? { region } : {}) },
  };
}

function gcs(name: string): Result {
  const err = gcsNameError(name);
  return err ? fail(err) : { ok: true, target: { type: "bucket", value: `gs://${name}`, provider: "gcs", name } };
}

function azure(account: string, container: string): Result {
  const err = azureNameError(account, container);
  if (err) return fail(err);
  return {
    ok: true,
    target: {
      type: "bucket",
      value: `azure://${account}/${container}`,
      provider: "azure",
      name: `${account}/${container}`,
      account,
      container,
    },
  };
}

/** Path segments after the host: none, or one (the bucket), with an optional trailing slash. */
function segments(path: string): string[] | null {
  const parts = path
    .replace(/\/$/, "")
    .split("/")
    .filter((p, i) => i > 0 || p !== "");
  return parts.some((p) => p === "") ? null : parts;
}

export function parseBucket(raw: string): Result {
  const input = raw.trim();
  if (!input) return fail("must not be empty");
  if (/[\s?#]/.test(input))
    return fail(`must be a bucket reference without spaces, query or fragment, e.g. ${NOTATIONS}`);

  const arn = /^arn:aws(?:-[a-z-]+)?:s3:::(.*)$/i.exec(input);
  if (arn) {
    const name = arn[1]!.replace(/\/$/, "");
    if (name.includes("/")) return fail("must name a bucket, not an object (remove the path after the bucket name)");
    return s3(name);
  }

  const scheme = /^([a-z0-9+.-]+):\/\/(.*)$/i.exec(input);
  let rest = input;
  if (scheme) {
    const proto = scheme[1]!.toLowerCase();
    const parts = segments(scheme[2]!);
    if (proto === "s3" || proto === "gs") {
      if (!parts || parts.length !== 1) return fail(`must be ${proto}://bucket-name without an object path`);
      return proto === "s3" ? s3(parts[0]!) : gcs(parts[0]!);
    }
    if (proto === "azure") {
      if (!parts || parts.length !== 2) return fail("must be azure://account/container");
      return azure(parts[0]!.toLowerCase(), parts[1]!);
    }
    if (proto !== "http" && proto !== "https") return fail(`unknown scheme "${proto}://"; use ${NOTATIONS}`);
    rest = scheme[2]!;
  }

  const slash = rest.indexOf("/");
  const host = (slash < 0 ? rest : rest.slice(0, slash)).toLowerCase().replace(/\.$/, "");
  const parts = segments(slash < 0 ? "" : rest.slice(slash));
  if (!parts) return fail("must not contain an empty path segment");
  if (host.includes("@") || host.includes(":")) return fail("must not contain a port or user name");

  let m: RegExpExecArray | null;
  if ((m = /^s3(?:[.-]([a-z0-9-]+))?\.amazonaws\.com$/.exec(host))) {
    if (parts.length !== 1) return fail("must be s3.amazonaws.com/bucket-name without an object path");
    return s3(parts[0]!, m[1]);
  }
  if ((m = /^(.+)\.s3(?:[.-]([a-z0-9-]+))?\.amazonaws\.com$/.exec(host))) {
    if (parts.length) return fail("must be bucket-name.s3.amazonaws.com without a path");
    return s3(m[1]!, m[2]);
  }
  if (host === "storage.googleapis.com") {
    if (parts.length !== 1) return fail("must be storage.googleapis.com/bucket-name without an object path");
    return gcs(parts[0]!);
  }
  if ((m = /^(.+)\.storage\.googleapis\.com$/.exec(host))) {
    if (parts.length) return fail("must be bucket-name.storage.googleapis.com without a path");
    return gcs(m[1]!);
  }
  if ((m = /^([^.]+)\.blob\.core\.windows\.net$/.exec(host))) {
    if (parts.length !== 1)
      return fail("must be account.blob.core.windows.net/container (one container, no blob path)");
    return azure(m[1]!, parts[0]!);
  }
  return fail(`must be a bucket reference like ${NOTATIONS}`);
}

/** True when a host name is one of the provider endpoints above (to suggest the bucket type). */
export function looksLikeBucketHost(host: string): boolean {
  return /(^|\.)s3([.-][a-z0-9-]+)?\.amazonaws\.com$|(^|\.)storage\.googleapis\.com$|\.blob\.core\.windows\.net$/.test(
    host,
  );
}
