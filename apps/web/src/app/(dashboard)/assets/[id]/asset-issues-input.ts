// Shared by the asset page's server component (which prefetches the open issues tab) and its lists.

/** A page of the asset page's lists (open issues, scans, ports). */
export const ASSET_LIST_LIMIT = 20;

/** The open issues tab: open and in progress both count as open. */
export const assetIssuesInput = (assetId: number, page: number) =>
  ({ assetId, status: "unresolved", page, limit: ASSET_LIST_LIMIT }) as const;
