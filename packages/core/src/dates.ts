/** A `{ gte, lt }` filter from optional ISO bounds; a bare date as `to` includes that whole day. */
export function dateRange(from?: string, to?: string): { gte?: Date; lt?: Date } | undefined {
  if (!from && !to) return undefined;
  const end = to ? new Date(to) : undefined;
  if (end && to && /^\d{4}-\d{2}-\d{2}$/.test(to)) end.setUTCDate(end.getUTCDate() + 1);
  return { gte: from ? new Date(from) : undefined, lt: end };
}
