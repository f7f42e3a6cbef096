import type { CheckDeclaration } from "../format/index.ts";

/** One file of declarations: its path under catalogue/ and what it exports by default. */
export interface CatalogueFile {
  file: string;
  checks: readonly CheckDeclaration[];
}
