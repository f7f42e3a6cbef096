// The names of `pnpm bench:discovery` and what each should answer (shared by the bench and its DNS server).

/** Every even i exists; its addresses follow from i so that every answer can be checked. */
export function benchAddress(i: number): { a: string; aaaa: string | null } {
  return {
    a: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    // Both groups non-zero, so the text is the canonical form the answer comes back in.
    aaaa: i % 4 === 0 ? `fd00::${((i >> 16) + 1).toString(16)}:${((i & 0xffff) | 1).toString(16)}` : null,
  };
}

export function* benchNames(count: number): Generator<{ i: number; name: string }> {
  for (let i = 0; i < count; i++) yield { i, name: `h${i}.bench.test` };
}
