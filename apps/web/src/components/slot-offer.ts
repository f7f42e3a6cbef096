// What buying asset slots costs on this server, in words: with a payment provider a price charged now; with the
// built-in one (self-hosted, no billing) slots are recorded and nothing is charged, and the page says so.
import type { RouterOutputs } from "@ems/core";
import { plural } from "@ems/ui";

type Plan = Pick<RouterOutputs["plan"]["get"], "assetSlotPriceCents" | "payments">;

export const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function slotOffer(p: Plan, quantity: number) {
  const slots = plural(quantity, "slot");
  if (!p.payments.charges)
    return {
      /** A button that adds the slots. */
      action: `Add ${slots}`,
      /** The confirm button. */
      confirm: `Add ${slots} — no charge`,
      /** Under the confirm dialog's title. */
      explain: "No charge: this server has no payment provider. The slots are recorded and available at once.",
      /** Next to the quantity. */
      price: "No charge on this server (no payment provider)",
      /** The toast after it worked. */
      done: `Added ${plural(quantity, "asset slot")}, no charge`,
    };
  const total = money(quantity * p.assetSlotPriceCents);
  return {
    action: `Buy ${slots} for ${total}/month`,
    confirm: `Pay ${total} — charged now`,
    explain: `${total} per month, charged now. The slots are available at once.`,
    price: `${money(p.assetSlotPriceCents)} per slot per month`,
    done: `Bought ${plural(quantity, "asset slot")}`,
  };
}
