"use client";
// How much the asset matters: its own criticality, or its project's; an input of its issues' priority.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import type { RouterInputs, RouterOutputs } from "@ems/core";
import { Button, Card, Field, toast } from "@ems/ui";
import { label } from "@/components/labels";
import { LabelOptions } from "@/components/options";
import { errorMessage, useTRPC } from "@/trpc/client";

type Criticality = NonNullable<RouterInputs["assets"]["update"]["criticality"]>;
/** The select's value for "the project's". */
const PROJECT = "project";

export function AssetCriticality({ asset: a }: { asset: RouterOutputs["assets"]["get"] }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const update = useMutation(
    trpc.assets.update.mutationOptions({
      onSuccess: () => (
        toast.success("Criticality saved"),
        // Its issues' priorities moved with it.
        qc.invalidateQueries({ queryKey: trpc.assets.pathKey() }),
        qc.invalidateQueries({ queryKey: trpc.issues.pathKey() })
      ),
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = String(new FormData(e.currentTarget).get("criticality"));
    update.mutate({ id: a.id, criticality: v === PROJECT ? null : (v as Criticality) });
  }
  return (
    <Card title="Criticality">
      <form onSubmit={save} className="flex flex-wrap items-end gap-3" data-testid="asset-criticality">
        <Field label="How much this asset matters (raises or lowers its issues' priority)">
          <select name="criticality" defaultValue={a.criticality ?? PROJECT}>
            <option value={PROJECT}>
              {`The project's (${label("criticality", a.effectiveCriticality).toLowerCase()})`}
            </option>
            <LabelOptions kind="criticality" />
          </select>
        </Field>
        <Button type="submit" variant="primary" disabled={update.isPending}>
          Save criticality
        </Button>
      </form>
    </Card>
  );
}
