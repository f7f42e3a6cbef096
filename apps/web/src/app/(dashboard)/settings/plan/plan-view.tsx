"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, ConfirmDialog, DataTable, Field, PageHeader, RelativeTime, toast } from "@ems/ui";
import { DonutChart } from "@/components/charts";
import { useMe } from "@/components/use-me";
import { errorMessage, useTRPC } from "@/trpc/client";

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function PlanView() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { isAdmin } = useMe();
  const [quantity, setQuantity] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const plan = useQuery(trpc.plan.get.queryOptions({}));
  const buy = useMutation(
    trpc.plan.buyAssetSlots.mutationOptions({
      onSuccess: (p) => {
        qc.setQueryData(trpc.plan.get.queryKey({}), p);
        toast.success(`Bought ${quantity} asset slot${quantity === 1 ? "" : "s"}: ${p.assetSlots} in all`);
        setConfirming(false);
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const p = plan.data;
  if (!p) return <PageHeader title="Plan and asset slots" />;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Plan and asset slots"
        description="Your plan's limits, and additional asset slots when you need more."
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Card title={`${p.label} plan`}>
          <ul data-testid="plan-summary" className="list-disc space-y-1 pl-5 text-sm">
            <li>{p.includedAssets} assets included</li>
            <li data-testid="purchased-slots">{p.purchasedAssetSlots} additional slots purchased</li>
            <li data-testid="asset-slots">
              {p.assetSlots} asset slots in all, {p.usedAssets} in use
            </li>
            <li>Up to {p.limits.maxProjects >= 1_000_000 ? "unlimited" : p.limits.maxProjects} projects</li>
            <li>
              {p.limits.schedulesPerAsset} scan schedule{p.limits.schedulesPerAsset === 1 ? "" : "s"} per asset (
              {p.limits.scheduleFrequencies.join(", ")})
            </li>
          </ul>
        </Card>
        <Card title="Asset slots">
          <DonutChart
            title="Asset slots"
            centerLabel={`${p.usedAssets}/${p.assetSlots}`}
            centerCaption="in use"
            data={[
              { label: "In use", value: p.usedAssets, color: "var(--chart-1)" },
              { label: "Free", value: Math.max(p.assetSlots - p.usedAssets, 0), color: "var(--muted-foreground)" },
            ]}
          />
        </Card>
      </div>
      {isAdmin && (
        <Card title="Buy asset slots">
          <div className="flex flex-wrap items-end gap-3">
            <Field label="Slots" hint={`${money(p.assetSlotPriceCents)} per slot per month`}>
              <input
                data-testid="slot-quantity"
                type="number"
                min={1}
                max={1000}
                value={quantity}
                onChange={(e) => setQuantity(Math.max(1, Number(e.target.value) || 1))}
              />
            </Field>
            <Button variant="primary" onClick={() => setConfirming(true)}>
              Buy {quantity} slot{quantity === 1 ? "" : "s"}
            </Button>
          </div>
        </Card>
      )}
      <Card title="Purchases">
        <DataTable
          columns={[
            {
              key: "createdAt",
              header: "When",
              render: (r: (typeof p.purchases)[number]) => <RelativeTime date={r.createdAt} />,
            },
            { key: "quantity", header: "Slots" },
            { key: "amount", header: "Amount", render: (r: (typeof p.purchases)[number]) => money(r.amountCents) },
            { key: "provider", header: "Paid through" },
          ]}
          rows={p.purchases}
          rowKey={(r) => r.id}
          total={p.purchases.length}
          page={1}
          limit={Math.max(p.purchases.length, 1)}
          onPageChange={() => {}}
        />
      </Card>
      <ConfirmDialog
        open={confirming}
        title={`Buy ${quantity} asset slot${quantity === 1 ? "" : "s"}?`}
        confirmLabel={`Pay ${money(quantity * p.assetSlotPriceCents)}`}
        onCancel={() => setConfirming(false)}
        onConfirm={() => buy.mutateAsync({ quantity })}
      >
        {money(quantity * p.assetSlotPriceCents)} per month, charged now. The slots are available at once.
      </ConfirmDialog>
    </div>
  );
}
