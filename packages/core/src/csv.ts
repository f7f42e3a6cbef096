// The product's one CSV writer (csv-stringify): every export goes through it
// (ESLint forbids csv-stringify anywhere else), so that no cell leaves as a
// formula a spreadsheet would run. Per OWASP's CSV injection guidance, a text
// cell that starts with =, +, -, @, a tab or a carriage return (or their
// full-width forms) gets a leading apostrophe; cells are quoted wherever a
// separator, quote or line break would otherwise start a new cell. Numbers
// stay numbers: a negative number is written as one, since only text can
// carry a formula (docs/api.md, CSV exports).
import { stringify } from "csv-stringify/sync";

/** A row as exported: text, numbers, or empty (null, undefined). */
export type CsvRow = Record<string, string | number | bigint | null | undefined>;

/**
 * The rows as CSV text in the order of `columns`; `header` puts the column names first (a streamed export writes
 * its header once, then each batch without it).
 */
export function toCsv(rows: readonly CsvRow[], columns: readonly string[], opts: { header?: boolean } = {}): string {
  return stringify(rows as CsvRow[], { header: opts.header ?? true, columns: [...columns], escape_formulas: true });
}
