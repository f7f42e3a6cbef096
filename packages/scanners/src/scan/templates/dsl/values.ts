// The DSL's values and their conversions, shared by the evaluator and its helper functions.
import { DslError } from "./parse.ts";

/** Strings are text; Buffers are bytes (a response body, a decoded base64): Go has one string type for both. */
export type Value = string | number | boolean | null | Buffer | Value[];
export type Variables = Record<string, unknown>;

const decoded = new WeakMap<Buffer, string>();

/** Bytes that read as the given text (a body decoded with its charset) wherever text is wanted. */
export function bytesWithText(bytes: Buffer, text: string): Buffer {
  decoded.set(bytes, text);
  return bytes;
}

/** Go's %v of a value, as nuclei turns values into text. */
export function toText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Buffer.isBuffer(v)) return decoded.get(v) ?? v.toString("utf8");
  if (Array.isArray(v)) return `[${v.map(toText).join(" ")}]`;
  return JSON.stringify(v);
}

export function toNumber(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  const n = Number(toText(v).trim());
  if (Number.isNaN(n)) throw new DslError(`${JSON.stringify(toText(v))} is not a number`);
  return n;
}
