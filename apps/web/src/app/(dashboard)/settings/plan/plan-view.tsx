"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, ConfirmDialog, DataTable, Field, PageHeader, RelativeTime, plural, toast } from "@ems/ui";
import { DonutChart } from "@/components/charts";
import { label } from "@/components/labels";
import { money, slotOffer } from "@/components/slot-offer";
import { useMe } from "@/components/use-me";
import { errorMessage, useTRPC } from "@/trpc/client";

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
        toast.success(`${slotOffer(p, quantity).done}: ${plural(p.assetSlots, "slot")} in all`);
        setConfirming(false);
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const p = plan.data;
  if (!p) return <PageHeader title="Plan and asset slots" />;
  const offer = slotOffer(p, quantity);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Plan and asset slots"
        description="Your plan's limits, and additional asset slots when you need more."
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Card title={`${p.label} plan`}>
          <ul data-testid="plan-summary" className="list-disc space-y-1 pl-5 text-sm">
            <li>{plural(p.includedAssets, "asset")} included</li>
            <li data-testid="purchased-slots">{plural(p.purchasedAssetSlots, "additional slot")}</li>
            <li data-testid="asset-slots">
              {plural(p.assetSlots, "asset slot")} in all, {p.usedAssets} in use
            </li>
            <li>
              {p.limits.maxProjects >= 1_000_000
                ? "Unlimited projects"
                : `Up to ${plural(p.limits.maxProjects, "project")}`}
            </li>
            <li>
              {plural(p.limits.schedulesPerAsset, "scan schedule")} per asset (
              {p.limits.scheduleFrequencies.map((f) => label("frequency", f).toLowerCase()).join(", ")})
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
        <Card title={p.payments.charges ? "Buy asset slots" : "Add asset slots"} data-testid="buy-slots">
          <div className="flex flex-wrap items-end gap-3">
            <Field label="Slots" hint={offer.price}>
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
              {offer.action}
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
            {
              key: "amount",
              header: "Amount",
              render: (r: (typeof p.purchases)[number]) => (r.amountCents === 0 ? "No charge" : money(r.amountCents)),
            },
            {
              key: "provider",
              header: "Paid through",
              render: (r: (typeof p.purchases)[number]) => label("paymentProvider", r.provider),
            },
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
        title={`${p.payments.charges ? "Buy" : "Add"} ${plural(quantity, "asset slot")}?`}
        confirmLabel={offer.confirm}
        onCancel={() => setConfirming(false)}
        onConfirm={() => buy.mutateAsync({ quantity })}
      >
        {offer.explain}
      </ConfirmDialog>
    </div>
  );
}
