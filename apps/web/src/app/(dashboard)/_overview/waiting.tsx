"use client";
import { Link } from "@/components/intent-link";
import type { RouterOutputs } from "@ems/core";
import { Card, Skeleton } from "@ems/ui";

type Waiting = RouterOutputs["overview"]["get"]["waiting"];
type List = Waiting["ownershipPending"];

function Group(props: { title: string; why: string; list: List; testId: string; href: string }) {
  const { list } = props;
  return (
    <div data-testid={props.testId}>
      <h3 className="flex items-baseline gap-2 text-sm font-medium">
        {props.title}
        <span className="text-2xl font-semibold tabular-nums" data-testid="count">
          {list.total}
        </span>
      </h3>
      {list.total === 0 ? (
        <p className="text-sm text-muted-foreground">None.</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{props.why}</p>
          <ul className="mt-1 text-sm">
            {list.items.map((a) => (
              <li key={a.id} className="wrap-break-word">
                <Link href={`/assets/${a.id}`}>{a.name ?? a.value}</Link>
                {a.failReason && <span className="text-muted-foreground"> — {a.failReason}</span>}
              </li>
            ))}
          </ul>
          {list.total > list.items.length && (
            <Link href={props.href} className="text-sm">
              All {list.total}
            </Link>
          )}
        </>
      )}
    </div>
  );
}

/** Assets that need the user: an ownership proof to publish, or a check that reached nothing. */
export function Waiting({ waiting }: { waiting: Waiting | undefined }) {
  return (
    <Card title="Waiting for you" data-testid="waiting">
      {!waiting ? (
        <Skeleton className="h-32 w-full" />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Group
            title="Ownership to prove"
            why="Not scanned until proven: publish the record each asset page shows."
            list={waiting.ownershipPending}
            testId="waiting-ownership"
            href="/assets"
          />
          <Group
            title="Unreachable"
            why="The last check reached nothing: check the name, or remove the asset."
            list={waiting.unreachable}
            testId="waiting-unreachable"
            href="/assets?status=unreachable"
          />
        </div>
      )}
    </Card>
  );
}
