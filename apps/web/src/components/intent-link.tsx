"use client";
import NextLink from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

/**
 * next/link that prefetches its route on intent (pointer over, focus) rather than as soon as it shows: Next's default
 * made a cold load of the overview ask the server for some fifty routes (the sidebar's, the tiles', each twice), each
 * rendering the layout's session check, while the page itself waited for its data (docs/benchmarks.md, Dashboard).
 */
export function Link({ onPointerEnter, onFocus, ...props }: ComponentProps<typeof NextLink>) {
  const router = useRouter();
  const prefetch = () => typeof props.href === "string" && router.prefetch(props.href);
  return (
    <NextLink
      prefetch={false}
      onPointerEnter={(e) => (prefetch(), onPointerEnter?.(e))}
      onFocus={(e) => (prefetch(), onFocus?.(e))}
      {...props}
    />
  );
}
