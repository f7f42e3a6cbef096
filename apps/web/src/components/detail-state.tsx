"use client";
// What a detail page (/issues/[id], /scans/[id], /assets/[id]) shows until its record is there: a skeleton while it
// loads, "not found" at once when the API says there is no such record in this workspace (deleted, another
// workspace's, never existed; 4xx answers are not retried, see trpc/client.tsx), and the error with a way to try
// again for anything else. Without it a missing record was a skeleton forever.
import Link from "next/link";
import type { ReactNode } from "react";
import { Button, buttonVariants, Card, PageHeader, Skeleton } from "@ems/ui";
import { errorData, errorMessage } from "@/trpc/client";

export interface DetailStateProps {
  /** The record's kind, as people say it: "issue", "scan", "asset". */
  what: string;
  id: number;
  /** The list the record belongs to, for the way back. */
  list: { href: string; label: string };
  error: unknown;
  retry: () => void;
  /** More of the page's skeleton under its title. */
  children?: ReactNode;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function DetailState({ what, id, list, error, retry, children }: DetailStateProps) {
  if (!error)
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <PageHeader title={<Skeleton className="h-8 w-72" aria-label={`Loading ${what} ${id}`} />} />
        {children}
      </div>
    );
  const back = (
    <Link href={list.href} className={buttonVariants({ variant: "primary" })}>
      {list.label}
    </Link>
  );
  const status = errorData(error).status ?? 500;
  if (status < 500)
    return (
      <div className="flex flex-col gap-4" data-testid="not-found">
        <PageHeader eyebrow="404" title={`${capitalised(what)} not found`} />
        <Card>
          <p className="text-sm text-muted-foreground">
            There is no {what} #{id} in this workspace. It may have been deleted, or the link may be for another
            workspace.
          </p>
          <nav aria-label="Where to go" className="mt-3 flex flex-wrap gap-2">
            {back}
          </nav>
        </Card>
      </div>
    );
  return (
    <div className="flex flex-col gap-4" data-testid="load-error">
      <PageHeader title={`Could not load ${what} #${id}`} />
      <Card>
        <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
          {back}
        </div>
      </Card>
    </div>
  );
}
