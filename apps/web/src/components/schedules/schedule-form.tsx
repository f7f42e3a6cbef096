"use client";
// Create or edit a scan schedule, in a modal dialog: only the fields the
// frequency needs, the plan's limits shown before the API refuses, the
// server's errors next to their field, and the next five runs as the server
// computes them (scanSchedules.preview) in local time and UTC.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { RouterInputs } from "@ems/core";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  Field,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from "@ems/ui";
import { errorData, errorMessage, useTRPC } from "@/trpc/client";
import { describeRecurrence, localTime, utcTime, WEEKDAYS, type Schedule } from "./recurrence-text";
import { label } from "@/components/labels";

type Recurrence = Omit<RouterInputs["scanSchedules"]["preview"], "id">;
type Frequency = Recurrence["frequency"];
const FREQUENCIES = ["daily", "weekly", "monthly", "interval"] as const satisfies Frequency[];
const HOURS = Array.from({ length: 25 }, (_, h) => h);

interface Draft {
  name: string;
  frequency: Frequency;
  dayOfWeek: number;
  dayOfMonth: number;
  intervalDays: number;
  time: string;
  window: boolean;
  windowStartHour: number;
  windowEndHour: number;
  windowDays: number[];
}

const draftOf = (s?: Schedule): Draft => ({
  name: s?.name ?? "",
  frequency: s?.frequency ?? "weekly",
  dayOfWeek: s?.dayOfWeek ?? 1,
  dayOfMonth: s?.dayOfMonth ?? 1,
  intervalDays: s?.intervalDays ?? 3,
  time: s?.time ?? "09:00",
  window: s ? s.windowStartHour !== null || s.windowDays.length > 0 : false,
  windowStartHour: s?.windowStartHour ?? 0,
  windowEndHour: s?.windowEndHour ?? 24,
  windowDays: s?.windowDays ?? [],
});

/** Every recurrence field, null where the frequency or the absent window does not use it. */
const recurrenceOf = (d: Draft): Required<Recurrence> => ({
  frequency: d.frequency,
  dayOfWeek: d.frequency === "weekly" ? d.dayOfWeek : null,
  dayOfMonth: d.frequency === "monthly" ? d.dayOfMonth : null,
  intervalDays: d.frequency === "interval" ? d.intervalDays : null,
  time: d.time,
  windowStartHour: d.window ? d.windowStartHour : null,
  windowEndHour: d.window ? d.windowEndHour : null,
  windowDays: d.window ? d.windowDays : [],
});

/** What a new schedule scans: one asset, or every asset of a project (named in the title). */
export type ScheduleTarget = { assetId: number } | { projectId: number; projectName: string };

export function ScheduleDialog({
  target,
  schedule,
  onClose,
}: {
  /** Creates a schedule of this target, unless `schedule` is given (editing: the target stays). */
  target?: ScheduleTarget;
  /** Edits this schedule; creates one when absent. */
  schedule?: Schedule;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(schedule));
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const recurrence = recurrenceOf(draft);

  const limits = useQuery(trpc.plan.get.queryOptions({})).data;
  const preview = useQuery({
    ...trpc.scanSchedules.preview.queryOptions({ id: schedule?.id, ...recurrence }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const saved = (verb: string) => (s: Schedule) => {
    toast.success(`Schedule "${s.name}" ${verb}`);
    void qc.invalidateQueries({ queryKey: trpc.scanSchedules.pathKey() });
    onClose();
  };
  const create = useMutation(trpc.scanSchedules.create.mutationOptions({ onSuccess: saved("created") }));
  const update = useMutation(trpc.scanSchedules.update.mutationOptions({ onSuccess: saved("saved") }));
  const saveError = create.error ?? update.error;
  // A refused save names its field; the preview checks the fields as they are typed.
  const fieldError = (field: keyof Draft) =>
    [saveError, preview.error].find((e) => e && errorData(e).field === field)?.message;
  const formFields = new Set<string>(Object.keys(draft));
  const otherError = saveError && !formFields.has(errorData(saveError).field ?? "") ? errorMessage(saveError) : null;

  const plan = limits && { label: limits.label, ...limits.limits };
  const forbidden = (f: Frequency) => plan && !plan.scheduleFrequencies.includes(f);

  function submit(e: FormEvent) {
    e.preventDefault();
    const name = draft.name.trim() || undefined;
    // An unchanged name is not sent: a default name then follows the new recurrence (server side).
    if (schedule) update.mutate({ id: schedule.id, name: name === schedule.name ? undefined : name, ...recurrence });
    else if (target && "projectId" in target) create.mutate({ projectId: target.projectId, name, ...recurrence });
    else if (target) create.mutate({ assetId: target.assetId, name, ...recurrence });
  }
  const number = (k: "dayOfMonth" | "intervalDays") => (e: { target: { value: string } }) =>
    set(k, e.target.value === "" ? Number.NaN : Number(e.target.value));

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl" data-testid="schedule-dialog">
        <form className="grid gap-4" onSubmit={submit} data-testid="schedule-form" noValidate>
          <DialogTitle>
            {schedule
              ? `Edit "${schedule.name}"`
              : target && "projectId" in target
                ? `Schedule scans of project ${target.projectName}`
                : "Add schedule"}
          </DialogTitle>
          <DialogDescription className={target && "projectId" in target ? "text-sm" : "sr-only"}>
            {target && "projectId" in target
              ? "Each run scans every proven asset of the project at that moment, those added later included."
              : "When the asset is scanned on its own"}
          </DialogDescription>
          <div className="grid gap-6 md:grid-cols-2">
            <div className="flex min-w-0 flex-col gap-2">
              <Field label="Frequency" error={fieldError("frequency")}>
                <select value={draft.frequency} onChange={(e) => set("frequency", e.target.value as Frequency)}>
                  {FREQUENCIES.map((f) => (
                    <option key={f} value={f} disabled={forbidden(f)}>
                      {label("frequency", f)}
                      {forbidden(f) ? ` (not in plan ${plan!.label})` : ""}
                    </option>
                  ))}
                </select>
              </Field>
              {plan && plan.scheduleFrequencies.length < FREQUENCIES.length && (
                <p className="text-sm text-muted-foreground" data-testid="plan-frequencies">
                  Plan {plan.label} includes {plan.scheduleFrequencies.join(" and ")} schedules.
                </p>
              )}
              {draft.frequency === "weekly" && (
                <Field label="Day of the week" error={fieldError("dayOfWeek")}>
                  <select value={draft.dayOfWeek} onChange={(e) => set("dayOfWeek", Number(e.target.value))}>
                    {WEEKDAYS.map((d, i) => (
                      <option key={d} value={i}>
                        {d}
                      </option>
                    ))}
                  </select>
                </Field>
              )}
              {draft.frequency === "monthly" && (
                <Field
                  label="Day of the month"
                  hint="29-31: that day, or the month's last day when the month is shorter"
                  error={fieldError("dayOfMonth")}
                >
                  <input type="number" min={1} max={31} value={draft.dayOfMonth} onChange={number("dayOfMonth")} />
                </Field>
              )}
              {draft.frequency === "interval" && (
                <Field label="Days between runs" error={fieldError("intervalDays")}>
                  <input type="number" min={1} max={365} value={draft.intervalDays} onChange={number("intervalDays")} />
                </Field>
              )}
              <Field label="Time (UTC)" error={fieldError("time")}>
                <input type="time" value={draft.time} onChange={(e) => set("time", e.target.value)} required />
              </Field>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={draft.window}
                  disabled={plan ? !plan.scheduleWindows && !draft.window : false}
                  onChange={(e) => set("window", e.target.checked)}
                />{" "}
                Only run inside a window
                {plan && !plan.scheduleWindows && (
                  <span className="text-sm text-muted-foreground">
                    {" "}
                    (windows are not included in plan {plan.label})
                  </span>
                )}
              </label>
              {draft.window && (
                <fieldset className="flex flex-col gap-2 rounded-md border px-3 py-2">
                  <legend className="text-sm text-muted-foreground">
                    Window (UTC); a run due outside it waits for its opening
                  </legend>
                  <div className="flex flex-wrap items-end gap-3">
                    <Field label="From hour" error={fieldError("windowStartHour")}>
                      <select
                        value={draft.windowStartHour}
                        onChange={(e) => set("windowStartHour", Number(e.target.value))}
                      >
                        {HOURS.slice(0, 24).map((h) => (
                          <option key={h} value={h}>{`${String(h).padStart(2, "0")}:00`}</option>
                        ))}
                      </select>
                    </Field>
                    <Field label="Until hour" error={fieldError("windowEndHour")}>
                      <select
                        value={draft.windowEndHour}
                        onChange={(e) => set("windowEndHour", Number(e.target.value))}
                      >
                        {HOURS.slice(1).map((h) => (
                          <option key={h} value={h}>{`${String(h).padStart(2, "0")}:00`}</option>
                        ))}
                      </select>
                    </Field>
                  </div>
                  <div role="group" aria-label="Window days" className="flex flex-wrap gap-x-3 gap-y-1">
                    {WEEKDAYS.map((d, i) => (
                      <label key={d} className="flex items-center gap-1 text-sm">
                        <input
                          type="checkbox"
                          className="size-4 accent-primary"
                          checked={draft.windowDays.includes(i)}
                          onChange={(e) =>
                            set(
                              "windowDays",
                              e.target.checked ? [...draft.windowDays, i] : draft.windowDays.filter((x) => x !== i),
                            )
                          }
                        />{" "}
                        {d.slice(0, 3)}
                      </label>
                    ))}
                    <p className="w-full text-sm text-muted-foreground">No day ticked: every day.</p>
                    {fieldError("windowDays") && (
                      <p className="text-sm text-destructive-text">{fieldError("windowDays")}</p>
                    )}
                  </div>
                </fieldset>
              )}
              <Field label="Name" hint="Optional" error={fieldError("name")}>
                <input
                  value={draft.name}
                  maxLength={255}
                  placeholder={describeRecurrence(recurrence)}
                  onChange={(e) => set("name", e.target.value)}
                />
              </Field>
            </div>
            <PreviewRuns
              runs={preview.error ? null : (preview.data?.runs ?? [])}
              summary={describeRecurrence(recurrence)}
              busy={preview.isFetching}
            />
          </div>
          {otherError && (
            <p className="text-sm text-destructive-text" role="status" data-testid="schedule-form-error">
              {otherError}
            </p>
          )}
          <DialogFooter>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="primary" loading={create.isPending || update.isPending}>
              {schedule ? "Save schedule" : "Create schedule"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** `busy` while the runs of the latest values are on their way (the previous ones stay shown, dimmed). */
function PreviewRuns({ runs, summary, busy }: { runs: Date[] | null; summary: string; busy: boolean }) {
  return (
    <div
      className={busy ? "min-w-0 opacity-60" : "min-w-0"}
      aria-busy={busy || undefined}
      data-testid="schedule-preview"
    >
      <h3 className="mb-1 text-sm font-semibold">Next five runs</h3>
      <p className="mb-2 text-sm text-muted-foreground" data-testid="schedule-summary">
        {summary}
      </p>
      {runs === null ? (
        <p className="text-sm text-muted-foreground">Fix the highlighted field to see the runs.</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Your time</TableHead>
              <TableHead>UTC</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {runs.map((r) => (
              <TableRow key={r.toISOString()} data-testid="preview-run" data-at={r.toISOString()}>
                <TableCell>{localTime(r)}</TableCell>
                <TableCell>{utcTime(r)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
