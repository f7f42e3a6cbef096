"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { RouterInputs } from "@ems/core";
import { Button, Card, Field, PageHeader, toast } from "@ems/ui";
import { slotOffer } from "@/components/slot-offer";
import { useMe } from "@/components/use-me";
import { errorData, errorMessage, useTRPC } from "@/trpc/client";
import { ProjectOptions } from "@/components/options";

const TYPES = [
  { value: "domain", label: "Domain", example: "example.com" },
  { value: "subdomain", label: "Subdomain", example: "shop.example.com" },
  { value: "ipv4", label: "IPv4 address", example: "203.0.113.10" },
  { value: "ipv6", label: "IPv6 address", example: "2001:db8::10" },
  { value: "bucket", label: "Cloud bucket", example: "s3://my-bucket, gs://my-bucket, azure://account/container" },
] as const satisfies { value: AssetType; label: string; example: string }[];

type AssetType = RouterInputs["assets"]["create"]["type"];

export function NewAssetView() {
  const trpc = useTRPC();
  const router = useRouter();
  const { isAdmin } = useMe();
  const [type, setType] = useState<AssetType>("domain");
  const [pending, setPending] = useState<Parameters<typeof create.mutate>[0] | null>(null);
  const projects = useQuery(trpc.projects.list.queryOptions({ limit: 500 }));
  const plan = useQuery(trpc.plan.get.queryOptions({}));
  const create = useMutation(
    trpc.assets.create.mutationOptions({
      onSuccess: (a) => {
        toast.success(`${a.value} added; checking it now`);
        router.push(`/assets/${a.id}`);
      },
    }),
  );
  const err = errorData(create.error);
  const slotNeeded = err.code === "ASSET_SLOT_REQUIRED";

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const input = {
      projectId: Number(f.get("projectId")),
      type,
      value: String(f.get("value")),
      name: String(f.get("name") || "") || undefined,
    };
    setPending(input);
    create.mutate(input);
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Add asset" description="After adding it, prove you own it: nothing is scanned before." />
      {projects.data && projects.data.items.length === 0 && <FirstProject />}
      <Card>
        <form onSubmit={submit} className="flex flex-col gap-4" data-testid="asset-form">
          <div className="flex flex-wrap items-end gap-3">
            <Field label="Project" error={err.field === "projectId" ? errorMessage(create.error) : undefined}>
              <select name="projectId" required>
                <ProjectOptions />
              </select>
            </Field>
            <Field label="Type">
              <select name="type" value={type} onChange={(e) => setType(e.target.value as AssetType)}>
                {TYPES.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Field
            label="Value"
            hint={`e.g. ${TYPES.find((t) => t.value === type)!.example}`}
            error={err.field === "value" ? errorMessage(create.error) : undefined}
          >
            <input name="value" required maxLength={2048} autoComplete="off" />
          </Field>
          <Field label="Name (optional)">
            <input name="name" maxLength={255} />
          </Field>
          {create.error && !err.field && !slotNeeded && (
            <p className="text-sm text-muted-foreground">{errorMessage(create.error)}</p>
          )}
          <div>
            <Button type="submit" variant="primary" disabled={create.isPending || !projects.data?.items.length}>
              Add asset
            </Button>
          </div>
        </form>
      </Card>
      {slotNeeded && pending && (
        <Card title="No free asset slot" data-testid="slot-needed">
          <p>{errorMessage(create.error)}</p>
          {isAdmin ? (
            <Button
              variant="primary"
              onClick={() => create.mutate({ ...pending, buySlot: true })}
              disabled={create.isPending}
            >
              {plan.data ? slotOffer(plan.data, 1).action : "Add 1 slot"} and add {pending.value}
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">Ask an admin or owner of this workspace to buy a slot.</p>
          )}
        </Card>
      )}
    </div>
  );
}

/** No project yet: create the first one here, and the asset form picks it. */
function FirstProject() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const create = useMutation(
    trpc.projects.create.mutationOptions({
      onSuccess: (p) => {
        toast.success(`Project "${p.name}" created`);
        void qc.invalidateQueries({ queryKey: trpc.projects.pathKey() });
      },
    }),
  );
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    create.mutate({ name: String(new FormData(e.currentTarget).get("name")) });
  }
  return (
    <Card
      title="First, a project"
      description="Every asset belongs to a project (a product, a team, an environment): name your first one."
      data-testid="first-project"
    >
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <Field label="Project name" error={create.error ? errorMessage(create.error) : undefined}>
          <input name="name" required maxLength={255} placeholder="e.g. Website" />
        </Field>
        <Button type="submit" variant="primary" disabled={create.isPending}>
          Create project
        </Button>
      </form>
    </Card>
  );
}
