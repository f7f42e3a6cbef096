// The props, apart from the component, so that its lazily loaded part can import them without an import cycle.
import type { ReactNode } from "react";

export interface DataTableColumn<Row> {
  key: string;
  header: string;
  /** Cell content; defaults to `row[key]` as text ("—" when empty, a Date as its ISO string). */
  render?: (row: Row) => ReactNode;
  sortable?: boolean;
  /** CSS width, e.g. "8rem" or "20%". */
  width?: string;
  align?: "left" | "right" | "center";
  /** Offered in the column menu unless false (columns without a header never are). */
  hideable?: boolean;
  /**
   * Its place on a phone, where each row is a card: "title" heads the card (default: the first column that is not a
   * badge), "badge" sits above the title without its header (severity, status), "hidden" is left out; the others
   * are "header: value" lines, and a column without a header (actions) ends the card.
   */
  card?: "title" | "badge" | "hidden";
}
