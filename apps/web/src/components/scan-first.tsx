import Link from "next/link";

/** The way out of a list that only scans fill: "<lead>: start one from an asset's page in Assets…". */
export function ScanFirst({ lead }: { lead: string }) {
  return (
    <>
      {lead}: start one from an asset&apos;s page in <Link href="/assets">Assets</Link> once its ownership is proven.
    </>
  );
}
