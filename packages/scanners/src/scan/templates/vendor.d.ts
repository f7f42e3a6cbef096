// Type declarations for dependencies that ship none.
declare module "murmurhash3js-revisited" {
  const murmur: { x86: { hash32(bytes: Uint8Array, seed?: number): number } };
  export default murmur;
}

declare module "jq-web" {
  export interface Jq {
    /** Runs jq on JSON text with command-line flags; returns stdout, throws on a non-zero exit. */
    raw(json: string, filter: string, flags?: string[]): string;
  }
  const jq: Promise<Jq>;
  export default jq;
}
