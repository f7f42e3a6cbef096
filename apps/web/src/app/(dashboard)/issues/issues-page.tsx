"use client";
import { useQueryStates } from "nuqs";
import { Button } from "@ems/ui";
import { issuesView, VIEW_KEYS, type VIEWS } from "./issues-query";
import { IssuesView } from "./issues-view";
import { ProblemsView } from "./problems-view";

/**
 * The issues page: problems (open issues grouped by kind) by default, or the flat list. The view is in the URL
 * (`?view=list`); a link with a filter only the list has (a status other than unresolved, an assignee) opens the list.
 * Switching starts the other view at its first page, default sort and no search.
 */
export function IssuesPage() {
  const [state, setState] = useQueryStates(VIEW_KEYS, { history: "replace" });
  const view = issuesView(state);
  const show = (next: (typeof VIEWS)[number]) =>
    void setState({ view: next, page: null, sort: null, order: null, q: null } as never);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex gap-2" role="group" aria-label="View" data-testid="issues-view-switch">
        <Button
          size="sm"
          variant={view === "problems" ? "primary" : "secondary"}
          aria-pressed={view === "problems"}
          onClick={() => show("problems")}
        >
          By problem
        </Button>
        <Button
          size="sm"
          variant={view === "list" ? "primary" : "secondary"}
          aria-pressed={view === "list"}
          onClick={() => show("list")}
        >
          All issues
        </Button>
      </div>
      {view === "problems" ? <ProblemsView /> : <IssuesView />}
    </div>
  );
}
