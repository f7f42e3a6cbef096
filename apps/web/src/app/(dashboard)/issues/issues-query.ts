// The issues page's URL state and the problems view's query, shared by the server page (which prefetches the
// default view's first page) and the client views, so that both ask for the same thing.
import { parseAsInteger, parseAsString, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import type { RouterInputs } from "@ems/core";
import { SEVERITIES } from "@ems/ui";
import { listKeys, listQuery, type ListValues } from "@/components/list-query";

export const VIEWS = ["problems", "list"] as const;

export const VIEW_KEYS = {
  view: parseAsStringLiteral(VIEWS),
  status: parseAsString,
  assignee: parseAsString,
  assigneeUserId: parseAsInteger,
};

/**
 * The view shown: the URL's, else the list when a filter only the list has is set (a status other than unresolved,
 * an assignee).
 */
export function issuesView(state: inferParserType<typeof VIEW_KEYS>): (typeof VIEWS)[number] {
  const listOnly =
    (state.status !== null && state.status !== "unresolved") ||
    state.assignee !== null ||
    state.assigneeUserId !== null;
  return state.view ?? (listOnly ? "list" : "problems");
}

export const PROBLEM_SORTS = ["severity", "count", "oldest"] as const satisfies NonNullable<
  RouterInputs["problems"]["list"]["sort"]
>[];
export const PROBLEM_FILTERS = {
  projectId: parseAsInteger,
  assetId: parseAsInteger,
  severity: parseAsStringLiteral(SEVERITIES),
};
export const PROBLEM_KEYS = { ...listKeys(50, PROBLEM_SORTS), ...PROBLEM_FILTERS };

type ProblemFilters = inferParserType<typeof PROBLEM_FILTERS>;

/** problems.list's input for the URL's state. */
export const problemsInput = (list: ListValues<(typeof PROBLEM_SORTS)[number]>, f: ProblemFilters) => ({
  ...listQuery(list),
  projectId: f.projectId ?? undefined,
  assetId: f.assetId ?? undefined,
  severity: f.severity ?? undefined,
});
