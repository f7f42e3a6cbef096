// ConfirmDialog's rule, outside the "use client" module so it is testable and callable anywhere.

/** Whether the confirm button is enabled: not busy, and the required text typed exactly (outer spaces ignored). */
export function canConfirm(requireText: string | undefined, typed: string, busy = false): boolean {
  if (busy) return false;
  return !requireText || typed.trim() === requireText;
}
