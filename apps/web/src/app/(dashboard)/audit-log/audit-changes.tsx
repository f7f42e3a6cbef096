"use client";
// An audit entry's changes as people read them: "Name: Storefront → Storefront EU", values in words (an enum's label,
// a date, yes/no), objects and lists summarised, long values folded — never raw JSON.
import { plural } from "@ems/ui";
import { humanize, label, type LabelKind } from "@/components/labels";

type Changes = Record<string, { before: unknown; after: unknown }>;

/** Fields whose values are an enum's, by resource type where the same field means different things. */
const FIELD_LABELS: Record<string, LabelKind> = {
  role: "role",
  plan: "plan",
  portScanMode: "portScanMode",
  frequency: "frequency",
  format: "webhookFormat",
  events: "webhookEvent",
  dismissReason: "dismissReason",
  reason: "dismissReason",
  channel: "channel",
  type: "assetType",
  ownershipMethod: "ownershipMethod",
  disabledScannerTypes: "scanner",
  severity: "severity",
  nucleiMinSeverity: "severity",
};
const STATUS_LABELS: Record<string, LabelKind> = {
  issue: "issueStatus",
  asset: "assetStatus",
  "discovered-host": "hostStatus",
  scan: "scanStatus",
};

/** Beyond this many characters a value is folded (its start shown, the whole on demand). */
const FOLD_AT = 60;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** "portScanMode" → "Port scan mode", "assigneeUserId" → "Assignee". */
export const fieldName = (field: string) =>
  humanize(
    field
      .replace(/(User)?Id$/, "")
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .toLowerCase(),
  );

/** One value in words, or null for "nothing" (shown as "none"); `id`: the value is a resource's id. */
export function valueText(value: unknown, kind?: LabelKind, id = false): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return id ? `#${value}` : value.toLocaleString("en");
  if (typeof value === "string") {
    if (kind) return label(kind, value);
    if (ISO_TIME.test(value))
      return new Date(value).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    const simple = value.every((v) => typeof v !== "object" || v === null);
    if (!simple) return plural(value.length, "item");
    const words = value.map((v) => valueText(v, kind) ?? "none");
    return words.length <= 3 ? words.join(", ") : `${words.slice(0, 3).join(", ")} and ${words.length - 3} more`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return null;
  const parts = entries.slice(0, 3).map(([k, v]) => {
    const text = typeof v === "object" && v !== null ? "…" : (valueText(v) ?? "none");
    return `${fieldName(k).toLowerCase()} ${text}`;
  });
  return entries.length <= 3 ? parts.join(", ") : `${parts.join(", ")} and ${plural(entries.length - 3, "more field")}`;
}

function Value({ value, kind, id }: { value: unknown; kind?: LabelKind; id: boolean }) {
  const text = valueText(value, kind, id);
  if (text === null) return <span className="text-muted-foreground">none</span>;
  if (text.length <= FOLD_AT) return <span className="wrap-break-word">{text}</span>;
  return (
    <details className="inline-block max-w-full align-top" data-testid="folded-value">
      <summary className="cursor-pointer wrap-break-word">{text.slice(0, FOLD_AT)}…</summary>
      <span className="wrap-break-word">{text}</span>
    </details>
  );
}

const absent = (v: unknown) => v === null || v === undefined;

/** A creation lists what was set, a deletion what was there; any other change is before → after. */
export function AuditChanges(props: { changes: Changes; action: string; resourceType: string }) {
  const fields = Object.entries(props.changes);
  if (fields.length === 0) return <span className="text-muted-foreground">—</span>;
  const created = /\.(create|add|join|issue|purchase)$/.test(props.action) && fields.every(([, c]) => absent(c.before));
  const deleted = /\.(delete|remove|revoke)$/.test(props.action) && fields.every(([, c]) => absent(c.after));
  const resourceType = props.resourceType;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-sm" data-testid="audit-changes">
      {fields.map(([field, c]) => {
        const kind = field === "status" ? STATUS_LABELS[resourceType] : FIELD_LABELS[field];
        const id = /Id$/.test(field);
        return (
          <div key={field} className="contents" data-field={field}>
            <dt className="text-muted-foreground">{fieldName(field)}</dt>
            <dd className="min-w-0">
              {created ? (
                <Value value={c.after} kind={kind} id={id} />
              ) : deleted ? (
                <Value value={c.before} kind={kind} id={id} />
              ) : (
                <>
                  <Value value={c.before} kind={kind} id={id} /> <span aria-label="changed to">→</span>{" "}
                  <Value value={c.after} kind={kind} id={id} />
                </>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
