import { notFound } from "next/navigation";

/**
 * The [id] of a detail page: an id as the API takes them in paths (digits, 1 to 9007199254740991; docs/api.md, Path
 * ids). Anything else (`/issues/abc`, `/scans/0`) is the 404 page at once, without asking the API.
 */
export async function detailId(params: Promise<{ id: string }>): Promise<number> {
  const { id } = await params;
  if (!/^[1-9]\d{0,15}$/.test(id) || !Number.isSafeInteger(Number(id))) notFound();
  return Number(id);
}
