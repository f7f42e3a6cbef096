// Text search that needs the database: a list's `q` over its own fields and its asset's name and value.
import { textSearch } from "../list-query.ts";
import type { ServiceContext } from "../service-context.ts";

/** Above this many matching assets the search falls back to a relation filter (correct, but it scans the list). */
const ASSET_MATCH_CAP = 1000;

/**
 * `q` over a row's own `fields` and its asset's name and value. The matching assets of the workspace are looked up
 * first (trigram indexes), so the list's query ORs two index scans (its own field, its assetId); a relation filter
 * inside an OR makes PostgreSQL scan every row of the workspace (3.8 s over a million findings).
 */
export async function textSearchWithAsset(sc: ServiceContext, q: string | undefined, fields: string[]) {
  if (!q) return {};
  const assetWhere = textSearch(q, ["name", "value"]);
  const assets = await sc.db.asset.findMany({ where: assetWhere, select: { id: true }, take: ASSET_MATCH_CAP + 1 });
  const byAsset =
    assets.length > ASSET_MATCH_CAP ? { asset: assetWhere } : { assetId: { in: assets.map((a) => a.id) } };
  return { OR: [...(textSearch(q, fields).OR ?? []), byAsset] };
}
