// Work over a stream with a fixed number of workers: items are pulled from the
// iterator as workers free up, so a million names cost no more memory than a hundred.

/** Runs `fn` over the items, at most `limit` at once; the first error stops the pulling and is thrown. */
export async function forEachPooled<T>(
  items: Iterator<T> | Iterable<T>,
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  const it = Symbol.iterator in items ? items[Symbol.iterator]() : items;
  let failed = false;
  const worker = async () => {
    for (let next = it.next(); !next.done && !failed; next = it.next()) {
      try {
        await fn(next.value);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
}
