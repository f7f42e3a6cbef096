// A discovered host's status wherever hosts are listed: a host that is an asset links to it.
import Link from "next/link";
import type { RouterOutputs } from "@ems/core";
import { StatusPill } from "@ems/ui";
import { label } from "@/components/labels";
import { HOST_TONE } from "./host-answer";

type Host = RouterOutputs["discovery"]["hosts"]["items"][number];

export function HostStatus({ host: h }: { host: Host }) {
  const pill = <StatusPill status={label("hostStatus", h.status)} tone={HOST_TONE[h.status]} />;
  if (!h.assetId) return pill;
  return (
    <Link href={`/assets/${h.assetId.id}`} title={`Asset ${h.assetId.value}`} data-testid="host-asset-link">
      {pill}
    </Link>
  );
}
