import { z } from "zod";
import { CATEGORIES, PROTOCOLS } from "@ems/scanners";
import { confidenceSchema, SEVERITY_VALUES } from "../common-schemas.ts";
import { searchInput, sortInputs, type SortColumn } from "../list-query.ts";
import { pagingInput } from "../paging.ts";

export const checkSchema = z
  .object({
    kind: z.string().meta({ description: "The finding kind the check reports (one issue per kind and asset)" }),
    category: z.enum(CATEGORIES),
    protocol: z.enum(PROTOCOLS).meta({ description: "How it is checked: http, tcp (a conversation), tls or dns" }),
    severity: z.enum(SEVERITY_VALUES),
    confidence: confidenceSchema,
    title: z.string(),
    description: z.string(),
    remediation: z.string(),
    references: z.array(z.string()),
    cwe: z.array(z.string()).meta({ description: 'CWE identifiers, e.g. "CWE-538"' }),
    cvss: z
      .object({
        vector: z.string().meta({ description: "CVSS v3.1 base vector" }),
        score: z.number().meta({ description: "CVSS v3.1 base score, 0.0 to 10.0, computed from the vector" }),
      })
      .meta({ description: "The exposure's CVSS v3.1 base vector and score (docs/checks.md, CVSS and severity)" }),
    cves: z.array(z.string()).meta({ description: "CVE ids the check proves (usually none)" }),
  })
  .meta({ id: "Check" });

export const checksSummarySchema = z
  .object({
    total: z.number().int(),
    categories: z.array(z.object({ category: z.enum(CATEGORIES), count: z.number().int() })),
  })
  .meta({ id: "ChecksSummary" });

export const CHECK_SORT = {
  category: { field: "category", order: "asc" },
  severity: { field: "severity", order: "desc" },
  kind: { field: "kind", order: "asc" },
  title: { field: "title", order: "asc" },
} as const satisfies Record<string, SortColumn<string>>;

export const listChecksInput = pagingInput.extend({
  q: searchInput("kind, title or description"),
  ...sortInputs(CHECK_SORT, "category"),
  category: z.enum(CATEGORIES).optional(),
  protocol: z.enum(PROTOCOLS).optional(),
  severity: z.enum(SEVERITY_VALUES).optional(),
});
export type ListChecksInput = z.output<typeof listChecksInput>;
