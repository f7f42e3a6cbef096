"use client";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { RouterOutputs } from "@ems/core";
import { Button, Card, Field, RelativeTime, toast } from "@ems/ui";
import { errorMessage, useTRPC } from "@/trpc/client";

type Report = RouterOutputs["assessments"]["list"]["items"][number];

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Field label={label}>
        <input readOnly value={value} size={70} onFocus={(e) => e.currentTarget.select()} />
      </Field>
      <Button
        type="button"
        variant="secondary"
        onClick={() =>
          void navigator.clipboard.writeText(value).then(
            () => toast.success("Copied"),
            () => toast.error("Copying was refused: select the link and copy it"),
          )
        }
      >
        Copy
      </Button>
    </div>
  );
}

/** Makes a share link (replacing any earlier one); the link is shown only now: it is stored hashed. */
export function SharePanel({
  report,
  onClose,
  onShared,
}: {
  report: Report;
  onClose: () => void;
  onShared: () => void;
}) {
  const trpc = useTRPC();
  const [days, setDays] = useState(7);
  const share = useMutation(trpc.assessments.share.mutationOptions({ onSuccess: onShared }));
  const link = share.data;
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    share.mutate({ id: report.id, expiresInDays: days });
  }
  return (
    <Card
      title={`Share report #${report.id}: ${report.scopeName}`}
      description="Anyone with the link sees the report without an account until it expires or you revoke it."
      actions={
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      }
      data-testid="share-panel"
    >
      {!link ? (
        <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
          <Field
            label="Expires after (days)"
            hint="1 to 30"
            error={share.error ? errorMessage(share.error) : undefined}
          >
            <input type="number" min={1} max={30} value={days} onChange={(e) => setDays(Number(e.target.value))} />
          </Field>
          <Button type="submit" variant="primary" loading={share.isPending}>
            {report.shareLive ? "Replace the link" : "Create link"}
          </Button>
        </form>
      ) : (
        <div className="flex flex-col gap-4">
          <CopyField label="Page" value={link.shareUrl?.url ?? ""} />
          <CopyField label="PDF" value={link.sharePdfUrl?.url ?? ""} />
          <p className="text-sm text-muted-foreground">
            Live, ends <RelativeTime date={link.shareExpiresAt} />. Copy it now: it is not shown again (a new link
            replaces it).
          </p>
        </div>
      )}
    </Card>
  );
}
