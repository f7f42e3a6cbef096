// The enrichment fields findings and issues carry (docs/api.md, Enrichment), declared once for both.
import { z } from "zod";
import { queryFlag } from "../common-schemas.ts";

const asOf = z.date().meta({ description: "The date the figure holds at: the dataset's release or score date" });

export const kevSchema = z
  .object({
    cveId: z.string().meta({ description: "The CVE the figure is for (the one picked over the finding's CVEs)" }),
    dateAdded: z.iso.date().meta({ description: "When CISA added it to the catalogue" }),
    dueDate: z.iso.date().meta({ description: "CISA's remediation due date for US federal agencies" }),
    ransomware: z.boolean().meta({ description: "Known to be used in ransomware campaigns" }),
    catalogVersion: z.string(),
    asOf,
  })
  .meta({
    id: "KnownExploited",
    description:
      "In the CISA Known Exploited Vulnerabilities catalogue: of the CVEs in it, one known in ransomware campaigns " +
      "first, then the earliest added. null: none of its CVEs is in the catalogue, or it has none",
  });

export const epssSchema = z
  .object({
    cveId: z.string().meta({ description: "The CVE with the highest score" }),
    score: z.number().meta({ description: "Probability of exploitation in the next 30 days, 0..1" }),
    percentile: z.number().meta({ description: "Share of scored CVEs with a lower or equal score, 0..1" }),
    modelVersion: z.string(),
    asOf,
  })
  .meta({
    id: "Epss",
    description: "FIRST's EPSS score, the highest over its CVEs. null: no CVE, none scored, or no scores imported",
  });

export const enrichmentFields = {
  cvss: z
    .object({
      vector: z.string().meta({ description: "CVSS v3.1 base vector" }),
      score: z.number().meta({ description: "Its base score, 0.0-10.0" }),
    })
    .nullable()
    .meta({ description: "CVSS v3.1 of the exposure as found (docs/checks.md, CVSS and severity)" }),
  cwe: z.array(z.string()).meta({ description: 'CWE ids ("CWE-538"), linked at cwe.mitre.org' }),
  references: z.array(z.string()).meta({ description: "Documentation of the problem and its fix" }),
  cves: z.array(z.string()).meta({ description: "CVE ids the finding names (advisories, template classification)" }),
  kev: kevSchema.nullable(),
  epss: epssSchema.nullable(),
};

/** The exploitation filters of the issues and findings lists (a finding by its issue's figures). */
export const exploitFilters = {
  kev: queryFlag.optional().meta({ description: "true: a CVE of it is in the KEV catalogue; false: none is" }),
  epssMin: z.coerce
    .number({ message: "must be a number from 0 to 1" })
    .min(0, "must be a number from 0 to 1")
    .max(1, "must be a number from 0 to 1")
    .optional()
    .meta({ description: "Its CVEs' highest EPSS score is at least this (0..1)" }),
};
