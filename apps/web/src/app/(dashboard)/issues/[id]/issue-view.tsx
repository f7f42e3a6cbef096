"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import type { RouterInputs } from "@ems/core";

type Reason = RouterInputs["issues"]["dismiss"]["reason"];
type Status = RouterInputs["issues"]["setStatus"]["status"];
import {
  Button,
  Card,
  ConfidenceBadge,
  Field,
  PageHeader,
  RelativeTime,
  SeverityBadge,
  StatusPill,
  Textarea,
  toast,
} from "@ems/ui";
import { DetailState } from "@/components/detail-state";
import { Evidence } from "@/components/evidence";
import { EvidenceSecrets } from "@/components/evidence-secrets";
import { issueCategory, label } from "@/components/labels";
import { ISSUE_TONE } from "@/components/progress";
import { useMe } from "@/components/use-me";
import { errorMessage, useTRPC } from "@/trpc/client";
import { IssueHistory } from "./issue-history";
import { IssueRetest } from "./issue-retest";
import { Classification, ExploitBadges } from "./issue-enrichment";
import { LabelOptions, MemberOptions } from "@/components/options";
import { IssuePrioritySla } from "@/components/issue-sla";

export function IssueView({ id }: { id: number }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { me, canWrite } = useMe();
  const [editing, setEditing] = useState<number | null>(null);
  const issue = useQuery(trpc.issues.get.queryOptions({ id }));
  const findings = useQuery(trpc.findings.list.queryOptions({ issueId: id, limit: 20 }));
  const comments = useQuery(trpc.issues.comments.queryOptions({ id, limit: 200 }));
  // The history is under issues too: one invalidation refreshes both.
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.issues.pathKey() });
  const opts = { onSuccess: () => void refresh(), onError: (e: unknown) => toast.error(errorMessage(e)) };
  const setStatus = useMutation(trpc.issues.setStatus.mutationOptions(opts));
  const setAssignee = useMutation(trpc.issues.setAssignee.mutationOptions(opts));
  const dismiss = useMutation(trpc.issues.dismiss.mutationOptions(opts));
  const addComment = useMutation(trpc.issues.addComment.mutationOptions(opts));
  const editComment = useMutation(
    trpc.issues.editComment.mutationOptions({ ...opts, onSuccess: () => (setEditing(null), void refresh()) }),
  );
  const deleteComment = useMutation(trpc.issues.deleteComment.mutationOptions(opts));
  const i = issue.data;
  if (!i)
    return (
      <DetailState
        what="issue"
        id={id}
        list={{ href: "/issues", label: "All issues" }}
        error={issue.error}
        retry={() => void issue.refetch()}
      />
    );

  function submitDismiss(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const until = String(f.get("until") ?? "");
    dismiss.mutate({
      id,
      reason: String(f.get("reason")) as Reason,
      note: String(f.get("note") || "") || undefined,
      until: until ? new Date(until) : undefined,
    });
  }
  function submitComment(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    addComment.mutate({ id, body: String(new FormData(form).get("body")) }, { onSuccess: () => form.reset() });
  }
  const mine = (c: { author: { type: string; id: number | null } }) =>
    c.author.type === "user" && c.author.id === me?.user.id;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        eyebrow={
          <span title={i.kind} data-testid="issue-category">
            {issueCategory(i.kind)} · {i.asset.value}
          </span>
        }
        title={i.title}
        actions={
          <span className="flex flex-wrap items-center gap-1.5">
            <SeverityBadge severity={i.severity} />
            <ConfidenceBadge confidence={i.confidence} label={label("confidence", i.confidence)} />
            <StatusPill status={label("issueStatus", i.status)} tone={ISSUE_TONE[i.status]} />
          </span>
        }
      />
      <Card title="Details">
        <ExploitBadges issue={i} />
        <IssuePrioritySla issue={i} />
        <p className="mb-2 break-words whitespace-pre-wrap">{i.description}</p>
        <p className="text-sm text-muted-foreground">
          First seen <RelativeTime date={i.firstSeenAt} />, last seen <RelativeTime date={i.lastSeenAt} />
          {i.resolvedAt && (
            <>
              , resolved <RelativeTime date={i.resolvedAt} />
            </>
          )}
          . <Link href={`/assets/${i.asset.id}`}>Asset {i.asset.value}</Link>
          {i.status === "dismissed" && (
            <>
              {` Dismissed as ${label("dismissReason", i.dismissReason).toLowerCase()}`}
              {i.dismissedUntil && (
                <>
                  , back <RelativeTime date={i.dismissedUntil} />
                </>
              )}
              {i.dismissNote ? `: ${i.dismissNote}` : ""}.
            </>
          )}
        </p>
        <Classification issue={i} />
        <IssueRetest issue={i} canWrite={canWrite} />
        <details className="mb-2 text-sm text-muted-foreground" data-testid="issue-technical">
          <summary className="cursor-pointer">Technical details</summary>
          <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3">
            <dt>Kind</dt>
            <dd>
              <code>{i.kind}</code>
            </dd>
            <dt>Issue</dt>
            <dd>#{i.id}</dd>
            {i.port !== null && (
              <>
                <dt>Port</dt>
                <dd>{i.port}</dd>
              </>
            )}
          </dl>
        </details>
        {canWrite && (
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-end gap-3">
              <Field label="Status">
                <select
                  data-testid="issue-status"
                  value={i.status === "dismissed" ? "" : i.status}
                  onChange={(e) => e.target.value && setStatus.mutate({ id, status: e.target.value as Status })}
                >
                  {i.status === "dismissed" && <option value="">{label("issueStatus", "dismissed")}</option>}
                  {(["open", "in-progress", "resolved"] as const).map((s) => (
                    <option key={s} value={s}>
                      {label("issueStatus", s)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Assignee">
                <select
                  data-testid="issue-assignee"
                  value={i.assignee?.id ?? ""}
                  onChange={(e) => setAssignee.mutate({ id, userId: e.target.value ? Number(e.target.value) : null })}
                >
                  <option value="">Nobody</option>
                  <MemberOptions />
                </select>
              </Field>
            </div>
            {i.status !== "dismissed" && (
              <form onSubmit={submitDismiss} className="flex flex-wrap items-end gap-3" data-testid="dismiss-form">
                <Field label="Dismiss as">
                  <select name="reason">
                    <LabelOptions kind="dismissReason" />
                  </select>
                </Field>
                <Field label="Note">
                  <input name="note" maxLength={2000} />
                </Field>
                <Field label="Until (optional)">
                  <input name="until" type="date" />
                </Field>
                <Button type="submit" variant="secondary">
                  Dismiss
                </Button>
              </form>
            )}
          </div>
        )}
      </Card>
      {i.linked.length > 0 && (
        <p className="text-sm" data-testid="issue-linked">
          Also seen as{" "}
          {i.linked.map((l, n) => (
            <span key={l.id}>
              {n > 0 && ", "}
              <Link href={`/issues/${l.id}`}>{l.asset.value}</Link>
            </span>
          ))}{" "}
          (the same address and port{i.address ? `: ${i.address}${i.port === null ? "" : `:${i.port}`}` : ""}).
        </p>
      )}
      <Card title="Findings">
        {findings.data?.items.map((f) => (
          <div key={f.id} className="border-b py-2 last:border-0">
            <strong>{f.title}</strong>{" "}
            <span className="text-sm text-muted-foreground">
              scan #{f.scanId}, <RelativeTime date={f.createdAt} />
            </span>
            <Evidence finding={f} />
            <EvidenceSecrets findingId={f.id} secrets={f.evidence.secrets} />
          </div>
        ))}
      </Card>
      <Card title="Comments" data-testid="comments">
        {comments.data?.items.map((c) => (
          <div key={c.id} className="border-b py-2 last:border-0" data-testid="comment">
            <span className="text-sm text-muted-foreground">
              {c.author.name}, <RelativeTime date={c.createdAt} />
            </span>
            {editing === c.id ? (
              <form
                onSubmit={(e) => (
                  e.preventDefault(),
                  editComment.mutate({ id, commentId: c.id, body: String(new FormData(e.currentTarget).get("body")) })
                )}
                className="flex flex-wrap items-end gap-3"
              >
                <Textarea name="body" defaultValue={c.body} rows={2} className="flex-1" aria-label="Comment text" />
                <Button type="submit" size="sm">
                  Save
                </Button>
              </form>
            ) : (
              <p className="my-1 break-words whitespace-pre-wrap">{c.body}</p>
            )}
            {mine(c) && editing !== c.id && (
              <span className="flex flex-wrap items-center gap-1.5">
                <Button size="sm" variant="ghost" onClick={() => setEditing(c.id)}>
                  Edit
                </Button>
                <Button size="sm" variant="ghost" onClick={() => deleteComment.mutate({ id, commentId: c.id })}>
                  Delete
                </Button>
              </span>
            )}
          </div>
        ))}
        {canWrite && (
          <form onSubmit={submitComment} className="mt-2 flex flex-col gap-2">
            <Textarea name="body" required rows={3} placeholder="Add a comment" aria-label="Comment" />
            <div>
              <Button type="submit" variant="primary" disabled={addComment.isPending}>
                Comment
              </Button>
            </div>
          </form>
        )}
      </Card>
      <IssueHistory id={id} firstSeenAt={i.firstSeenAt} />
    </div>
  );
}
