"use client";
// What a scan of this asset runs: port range, template severity floor, scanners. The port range (the scan profile)
// also sits next to the Start button, sent with the start and saved on the asset by it (one click: choose, start).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { RouterInputs, RouterOutputs } from "@ems/core";
import { Button, Card, Field, toast } from "@ems/ui";
import { label } from "@/components/labels";
import { errorMessage, useTRPC } from "@/trpc/client";
import { LabelOptions } from "@/components/options";

type Profile = RouterInputs["assets"]["update"];
type Asset = RouterOutputs["assets"]["get"];

/** The profile select and Start, with the reason Start cannot be pressed written beside it. */
export function StartScan({
  asset,
  why,
  pending,
  onStart,
}: {
  asset: Asset;
  why: string | undefined;
  pending: boolean;
  onStart: (profile: Asset["portScanMode"]) => void;
}) {
  const [profile, setProfile] = useState(asset.portScanMode);
  return (
    <span className="flex flex-wrap items-center gap-2" data-testid="start-scan">
      <label className="flex items-center gap-1.5 text-sm">
        Scan profile
        <select
          value={profile}
          onChange={(e) => setProfile(e.target.value as Asset["portScanMode"])}
          className="h-9 rounded-md border bg-background px-2"
        >
          <LabelOptions kind="portScanMode" />
        </select>
      </label>
      <Button variant="primary" onClick={() => onStart(profile)} disabled={pending || why !== undefined}>
        Start scan
      </Button>
      {why && (
        <span className="basis-full text-sm text-muted-foreground" data-testid="start-why">
          {why}
        </span>
      )}
    </span>
  );
}
type Scanners = Profile["disabledScannerTypes"];
const SCANNERS = [
  "port-scan",
  "tls",
  "http",
  "dns",
  "technologies",
  "templates",
  "screenshot",
] as const satisfies Scanners;

export function ScanProfile({ asset: a }: { asset: Asset }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const update = useMutation(
    trpc.assets.update.mutationOptions({
      onSuccess: () => (toast.success("Scan profile saved"), qc.invalidateQueries({ queryKey: trpc.assets.pathKey() })),
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  function saveProfile(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    update.mutate({
      id: a.id,
      portScanMode: String(f.get("portScanMode")) as Profile["portScanMode"],
      nucleiMinSeverity: String(f.get("nucleiMinSeverity")) as Profile["nucleiMinSeverity"],
      disabledScannerTypes: SCANNERS.filter((s) => !f.getAll("enabled").includes(s)),
    });
  }
  return (
    <Card
      title="Scan profile"
      description="What every scan of this asset runs, scheduled ones included (Start scan saves its profile)."
    >
      <form onSubmit={saveProfile} className="flex flex-col gap-4" data-testid="scan-profile">
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Port scan">
            <select name="portScanMode" defaultValue={a.portScanMode}>
              <LabelOptions kind="portScanMode" />
            </select>
          </Field>
          <Field label="Template minimum severity">
            <select name="nucleiMinSeverity" defaultValue={a.nucleiMinSeverity}>
              <LabelOptions kind="severity" />
            </select>
          </Field>
        </div>
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1 rounded-md border px-3 py-2">
          <legend className="text-sm text-muted-foreground">Scanners</legend>
          {SCANNERS.map((s) => (
            <label key={s} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                name="enabled"
                value={s}
                defaultChecked={!a.disabledScannerTypes.includes(s)}
              />{" "}
              {label("scanner", s)}
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" variant="primary" disabled={update.isPending}>
            Save profile
          </Button>
        </div>
      </form>
    </Card>
  );
}
