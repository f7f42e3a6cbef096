"use client";
import { useState, type FormEvent } from "react";
import type { RouterInputs } from "@ems/core";
import { Button, Field } from "@ems/ui";
import { errorData, errorMessage } from "@/trpc/client";
import { LABELS } from "@/components/labels";
import { LabelOptions } from "@/components/options";

type CreateInput = RouterInputs["webhooks"]["create"];
type EventType = CreateInput["events"] extends (infer E)[] | undefined ? E : never;
type Channel = NonNullable<CreateInput["channel"]>;

/**
 * The new-endpoint form: where messages go (a URL, or e-mail recipients), which events, the minimum severity of issue
 * events, and immediate or digest delivery. The server validates; its 400 shows under the field it names.
 */
export function WebhookForm({
  onSubmit,
  pending,
  error,
}: {
  onSubmit: (input: CreateInput) => void;
  pending: boolean;
  error: unknown;
}) {
  const [channel, setChannel] = useState<Channel>("webhook");
  const fieldError = (field: string) => (errorData(error).field?.startsWith(field) ? errorMessage(error) : undefined);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const where =
      channel === "email"
        ? {
            recipients: String(f.get("recipients"))
              .split(/[\s,;]+/)
              .filter(Boolean),
          }
        : { url: String(f.get("url")), format: String(f.get("format")) as "standard" | "slack" };
    onSubmit({
      channel,
      ...where,
      description: String(f.get("description") ?? ""),
      events: f.getAll("events").map(String) as EventType[],
      minSeverity: String(f.get("minSeverity")) as CreateInput["minSeverity"],
      delivery: String(f.get("delivery")) as CreateInput["delivery"],
    });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="webhook-form">
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Send to" error={fieldError("channel")}>
          <select name="channel" value={channel} onChange={(e) => setChannel(e.target.value as Channel)}>
            <option value="webhook">A webhook URL</option>
            <option value="email">E-mail addresses</option>
          </select>
        </Field>
        {channel === "webhook" ? (
          <>
            <Field label="URL" error={fieldError("url")}>
              <input name="url" type="url" required maxLength={2048} placeholder="https://example.com/hooks/ems" />
            </Field>
            <Field label="Format" error={fieldError("format")}>
              <select name="format" defaultValue="standard">
                <option value="standard">Standard Webhooks (JSON)</option>
                <option value="slack">Slack (incoming webhook)</option>
              </select>
            </Field>
          </>
        ) : (
          <Field
            label="Recipients"
            hint="Up to 20 addresses, separated by commas; sent through Settings → E-mail"
            error={fieldError("recipients")}
          >
            <input name="recipients" required maxLength={6500} placeholder="security@example.com" />
          </Field>
        )}
        <Field label="Description" error={fieldError("description")}>
          <input name="description" maxLength={500} />
        </Field>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Field
          label="Minimum severity"
          hint="Issue events below it are not sent; other events are"
          error={fieldError("minSeverity")}
        >
          <select name="minSeverity" defaultValue="info">
            <LabelOptions kind="minSeverity" />
          </select>
        </Field>
        <Field
          label="Delivery"
          hint="A digest sends one message per UTC hour or day, nothing when nothing happened"
          error={fieldError("delivery")}
        >
          <select name="delivery" defaultValue="immediate">
            <LabelOptions kind="webhookDelivery" />
          </select>
        </Field>
      </div>
      <fieldset className="rounded-md border px-3 py-2">
        <legend className="text-sm text-muted-foreground">Events</legend>
        <div className="grid gap-1 md:grid-cols-2">
          {Object.entries(LABELS.webhookEvent).map(([event, description]) => (
            <label key={event} className="text-sm">
              <input
                type="checkbox"
                className="size-4 align-middle accent-primary"
                name="events"
                value={event}
                defaultChecked
              />{" "}
              <code>{event}</code> <span className="text-sm text-muted-foreground">{description}</span>
            </label>
          ))}
        </div>
        {fieldError("events") && <p className="text-sm text-destructive-text">{fieldError("events")}</p>}
      </fieldset>
      {error != null && !errorData(error).field && (
        <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
      )}
      <div>
        <Button type="submit" variant="primary" disabled={pending}>
          Create endpoint
        </Button>
      </div>
    </form>
  );
}
