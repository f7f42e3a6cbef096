// How asset slots are paid for. A provider charges and can refund; the
// built-in one records the purchase without charging anyone (self-hosted
// installations that do not bill). A real provider plugs in here.
import { randomUUID } from "node:crypto";

export interface Charge {
  workspaceId: number;
  userId: number | null;
  description: string;
  amountCents: number;
  currency: string;
}

export interface PaymentProvider {
  name: string;
  /** Whether a purchase costs anything: false for the built-in provider, which only records it. */
  charges: boolean;
  /** Charges and returns the provider's reference, or throws. */
  charge(charge: Charge): Promise<{ reference: string }>;
  /** Undoes a charge whose purchase could not be recorded. */
  refund(reference: string): Promise<void>;
}

export const builtInPaymentProvider: PaymentProvider = {
  name: "built-in",
  charges: false,
  async charge() {
    return { reference: `builtin_${randomUUID()}` };
  },
  async refund() {},
};
