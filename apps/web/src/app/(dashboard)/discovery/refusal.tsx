"use client";
// Why a discovered host was not added, in words, linked to what the person can do about it (the API's code stays
// in the tooltip for engineers).
import Link from "next/link";
import type { RouterOutputs } from "@ems/core";

type Refused = RouterOutputs["discovery"]["add"]["refused"][number];

/** The API's message without its "field: " prefix. */
const reason = (message: string) => message.replace(/^[a-zA-Z]+: /, "");

export function Refusal({ r }: { r: Refused }) {
  const asset = r.asset && <Link href={`/assets/${r.asset.id}`}>{r.asset.value}</Link>;
  const host = r.host ?? `Host #${r.id}`;
  switch (r.code) {
    case "ALREADY_EXISTS":
      return <>already an asset: {asset ?? host}</>;
    case "CONFLICT":
      return <>already added as an asset: {asset ?? host}</>;
    case "ASSET_SLOT_REQUIRED":
      return (
        <>
          {host}: no free asset slot. <Link href="/settings/plan">Add slots</Link> or delete an asset, then add it
          again.
        </>
      );
    case "VALIDATION_ERROR":
      return (
        <>
          {host}: not something we can watch ({reason(r.message)}).
        </>
      );
    case "NOT_FOUND":
      return <>{host}: no longer among the discovered hosts.</>;
    default:
      return (
        <>
          {host}: could not be added ({reason(r.message)}).
        </>
      );
  }
}
