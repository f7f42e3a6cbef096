/** Joins class names, skipping falsy ones (internal helper). */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(" ");
}
