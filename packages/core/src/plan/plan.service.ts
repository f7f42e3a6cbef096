import { writeAudit } from "../audit/write.ts";
import { PLANS } from "../plans.ts";
import { type ServiceContext } from "../service-context.ts";
import { lockWorkspace } from "../db/sql.ts";

export async function describePlan(sc: ServiceContext<"payments">) {
  const [workspace, usedAssets, purchases] = await Promise.all([
    sc.db.workspace.findUniqueOrThrow({ where: { id: sc.workspaceId } }),
    sc.db.asset.count(),
    sc.db.slotPurchase.findMany({ orderBy: { id: "desc" }, take: 50 }),
  ]);
  const limits = PLANS[workspace.plan];
  const { name, charges } = sc.services.payments;
  return {
    plan: workspace.plan,
    label: limits.label,
    includedAssets: limits.includedAssets,
    purchasedAssetSlots: workspace.purchasedAssetSlots,
    assetSlots: limits.includedAssets + workspace.purchasedAssetSlots,
    usedAssets,
    assetSlotPriceCents: limits.assetSlotPriceCents,
    payments: { provider: name, charges },
    limits: {
      maxProjects: limits.maxProjects,
      schedulesPerAsset: limits.schedulesPerAsset,
      scheduleFrequencies: [...limits.scheduleFrequencies],
      scheduleWindows: limits.scheduleWindows,
    },
    purchases: purchases.map((p) => ({
      id: p.id,
      quantity: p.quantity,
      amountCents: p.amountCents,
      currency: p.currency,
      provider: p.provider,
      createdAt: p.createdAt,
    })),
  };
}

/**
 * Buys asset slots: charge first (outside the transaction: a provider call
 * must not hold a lock), then record purchase, slots and audit entry in one
 * transaction; if recording fails, the charge is refunded. A provider that
 * charges nothing (the built-in one) records an amount of 0: what was paid.
 */
export async function buyAssetSlots(sc: ServiceContext<"payments">, quantity: number) {
  const provider = sc.services.payments;
  const workspace = await sc.db.workspace.findUniqueOrThrow({ where: { id: sc.workspaceId } });
  const amountCents = provider.charges ? PLANS[workspace.plan].assetSlotPriceCents * quantity : 0;
  const { reference } = await provider.charge({
    workspaceId: sc.workspaceId,
    userId: sc.actor.userId ?? null,
    description: `${quantity} additional asset slot${quantity === 1 ? "" : "s"}`,
    amountCents,
    currency: "USD",
  });
  try {
    await sc.db.$transaction(async (tx) => {
      await lockWorkspace(tx, sc.workspaceId);
      const purchase = await tx.slotPurchase.create({
        data: {
          workspaceId: sc.workspaceId,
          userId: sc.actor.userId ?? null,
          quantity,
          provider: provider.name,
          providerRef: reference,
          amountCents,
        },
      });
      const after = await tx.workspace.update({
        where: { id: sc.workspaceId },
        data: { purchasedAssetSlots: { increment: quantity } },
      });
      await writeAudit(tx, sc.actor, {
        action: "asset-slots.purchase",
        resourceType: "slot-purchase",
        resourceId: purchase.id,
        changes: {
          purchasedAssetSlots: { before: after.purchasedAssetSlots - quantity, after: after.purchasedAssetSlots },
          amountCents: { before: null, after: amountCents },
          providerRef: { before: null, after: reference },
        },
      });
    });
  } catch (err) {
    await provider.refund(reference);
    throw err;
  }
  return describePlan(sc);
}
