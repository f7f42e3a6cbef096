"use client";
// Create or edit a scan schedule, in a modal dialog: only the fields the
// frequency needs, the plan's limits shown before the API refuses, the
// server's errors next to their field, and the next five runs as the server
// computes them (scanSchedules.preview) in local time and UTC.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLayoutEffect, useRef, useState, type FormEvent } from "react";
import type { RouterInputs } from "@ems/core";
import { Button, Field, useToast } from "@ems/ui";
import { errorData, errorMessage, useTRPC } from "@/trpc/client";
import { describeRecurrence, localTime, utcTime, WEEKDAYS, type Schedule } from "./recurrence-text";

type Recurrence = Omit<RouterInputs["scanSchedules"]["preview"], "id">;
type Frequency = Recurrence["frequency"];
const FREQUENCIES = ["daily", "weekly", "monthly", "interval"] as const satisfies Frequency[];
const FREQUENCY_LABELS: Record<Frequency, string> = {
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
  interval: "Every N days",
};
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

export function ScheduleDialog({
  assetId,
  schedule,
  onClose,
}: {
  assetId: number;
  /** Edits this schedule; creates one when absent. */
  schedule?: Schedule;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const ref = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState(() => draftOf(schedule));
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const recurrence = recurrenceOf(draft);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

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
    else create.mutate({ assetId, name, ...recurrence });
  }
  const number = (k: "dayOfMonth" | "intervalDays") => (e: { target: { value: string } }) =>
    set(k, e.target.value === "" ? Number.NaN : Number(e.target.value));

  return (
    <dialog
      ref={ref}
      className="ems-dialog"
      style={{ width: "min(52rem, calc(100vw - 2rem))" }}
      aria-labelledby="schedule-dialog-title"
      data-testid="schedule-dialog"
      onCancel={(e) => (e.preventDefault(), onClose())}
    >
      <form className="ems-dialog__form" onSubmit={submit} data-testid="schedule-form" noValidate>
        <h2 id="schedule-dialog-title" className="ems-dialog__title">
          {schedule ? `Edit "${schedule.name}"` : "Add schedule"}
        </h2>
        <div className="row" style={{ alignItems: "flex-start", gap: 24 }}>
          <div className="stack" style={{ flex: 1, minWidth: 300, gap: 8 }}>
            <Field label="Frequency" error={fieldError("frequency")}>
              <select value={draft.frequency} onChange={(e) => set("frequency", e.target.value as Frequency)}>
                {FREQUENCIES.map((f) => (
                  <option key={f} value={f} disabled={forbidden(f)}>
                    {FREQUENCY_LABELS[f]}
                    {forbidden(f) ? ` (not in plan ${plan!.label})` : ""}
                  </option>
                ))}
              </select>
            </Field>
            {plan && plan.scheduleFrequencies.length < FREQUENCIES.length && (
              <p className="muted" style={{ margin: 0 }} data-testid="plan-frequencies">
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
            <label>
              <input
                type="checkbox"
                checked={draft.window}
                disabled={plan ? !plan.scheduleWindows && !draft.window : false}
                onChange={(e) => set("window", e.target.checked)}
              />{" "}
              Only run inside a window
              {plan && !plan.scheduleWindows && (
                <span className="muted"> (windows are not included in plan {plan.label})</span>
              )}
            </label>
            {draft.window && (
              <fieldset className="stack" style={{ border: "1px solid #e5e7eb", borderRadius: 6, gap: 8 }}>
                <legend className="muted">Window (UTC); a run due outside it waits for its opening</legend>
                <div className="row">
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
                    <select value={draft.windowEndHour} onChange={(e) => set("windowEndHour", Number(e.target.value))}>
                      {HOURS.slice(1).map((h) => (
                        <option key={h} value={h}>{`${String(h).padStart(2, "0")}:00`}</option>
                      ))}
                    </select>
                  </Field>
                </div>
                <div role="group" aria-label="Window days">
                  {WEEKDAYS.map((d, i) => (
                    <label key={d} style={{ marginRight: 10, fontSize: 13 }}>
                      <input
                        type="checkbox"
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
                  <p className="muted" style={{ margin: "4px 0 0" }}>
                    No day ticked: every day.
                  </p>
                  {fieldError("windowDays") && <p className="ems-field__error">{fieldError("windowDays")}</p>}
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
          <p className="ems-field__error" role="status" data-testid="schedule-form-error">
            {otherError}
          </p>
        )}
        <div className="ems-dialog__actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={create.isPending || update.isPending}>
            {schedule ? "Save schedule" : "Create schedule"}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

/** `busy` while the runs of the latest values are on their way (the previous ones stay shown, dimmed). */
function PreviewRuns({ runs, summary, busy }: { runs: Date[] | null; summary: string; busy: boolean }) {
  return (
    <div
      style={{ flex: 1, minWidth: 300, opacity: busy ? 0.6 : 1 }}
      aria-busy={busy || undefined}
      data-testid="schedule-preview"
    >
      <h3 style={{ margin: "0 0 4px", fontSize: 14 }}>Next five runs</h3>
      <p className="muted" style={{ margin: "0 0 8px" }} data-testid="schedule-summary">
        {summary}
      </p>
      {runs === null ? (
        <p className="muted">Fix the highlighted field to see the runs.</p>
      ) : (
        <table style={{ fontSize: 13, borderCollapse: "collapse", width: "100%" }}>
          <thead>
            <tr>
              <th style={{ textAlign: "left" }}>Your time</th>
              <th style={{ textAlign: "left" }}>UTC</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r) => (
              <tr key={r.toISOString()} data-testid="preview-run" data-at={r.toISOString()}>
                <td>{localTime(r)}</td>
                <td>{utcTime(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
