// The API's spelling of asset values: Prisma enum names (http_file, read_only)
// become the dashed values the API documents (http-file, parent-domain).
import type { OwnershipMethod, Prisma } from "@ems/db";
import type { z } from "zod";
import type { OWNERSHIP_METHODS, assetSchema } from "./assets.schemas.ts";

type MethodName = (typeof OWNERSHIP_METHODS)[number];

const METHOD_NAMES: Record<OwnershipMethod, MethodName> = {
  dns_txt: "dns-txt",
  http_file: "http-file",
  html_meta: "html-meta",
  parent: "parent-domain",
};

export const methodName = (m: OwnershipMethod | null) => (m ? METHOD_NAMES[m] : null);
export const methodOf = (name: MethodName): OwnershipMethod =>
  Object.entries(METHOD_NAMES).find(([, v]) => v === name)![0] as OwnershipMethod;

/** Every query that presents assets selects this. */
export const assetInclude = {
  project: { select: { id: true, name: true, criticality: true } },
} satisfies Prisma.AssetInclude;

export type AssetRow = Prisma.AssetGetPayload<{ include: typeof assetInclude }>;

export function presentAsset(a: AssetRow): z.output<typeof assetSchema> {
  return {
    id: a.id,
    projectId: a.projectId,
    name: a.name,
    type: a.type,
    value: a.value,
    status: a.status,
    canonicalUrl: a.canonicalUrl,
    resolvedIp: a.resolvedIp,
    cdnProvider: a.cdnProvider,
    bucketProvider: a.bucketProvider,
    lastCheckedAt: a.lastCheckedAt,
    failReason: a.failReason,
    checkWarnings: a.checkWarnings,
    skippedRedirectHost: a.skippedRedirectHost,
    disabledScannerTypes: a.disabledScannerTypes,
    portScanMode: a.portScanMode,
    nucleiMinSeverity: a.nucleiMinSeverity,
    ownershipVerifiedAt: a.ownershipVerifiedAt,
    ownershipToken: a.ownershipToken,
    ownershipMethod: methodName(a.ownershipMethod),
    criticality: a.criticality,
    effectiveCriticality: a.criticality ?? a.project.criticality,
    discoveryAutoAdd: a.discoveryAutoAdd,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    project: { id: a.project.id, name: a.project.name },
  };
}

/** Fields whose changes the audit log records. */
export const AUDITED_ASSET_FIELDS = [
  "projectId",
  "name",
  "type",
  "value",
  "portScanMode",
  "nucleiMinSeverity",
  "disabledScannerTypes",
  "criticality",
  "discoveryAutoAdd",
] as const;
