import { describe, expect, it } from "vitest";
import { ConfirmDialog, type ConfirmDialogProps } from "./ConfirmDialog.tsx";
import { canConfirm } from "./confirm.ts";
import { attr, render, tag, tags, text } from "./test-utils.ts";

const base: ConfirmDialogProps = {
  open: true,
  title: "Delete project?",
  description: "Its assets and issues are deleted too.",
  onConfirm: () => {},
  onCancel: () => {},
};

const confirmButton = (html: string) => tag(html, 'data-testid="confirm-dialog-confirm"');

describe("canConfirm", () => {
  it("needs the exact required text", () => {
    expect(canConfirm("Production", "")).toBe(false);
    expect(canConfirm("Production", "Prod")).toBe(false);
    expect(canConfirm("Production", "production")).toBe(false); // case matters
    expect(canConfirm("Production", "Production")).toBe(true);
    expect(canConfirm("Production", "  Production ")).toBe(true); // stray spaces do not
  });

  it("needs nothing typed without requireText, and never while busy", () => {
    expect(canConfirm(undefined, "")).toBe(true);
    expect(canConfirm("", "")).toBe(true);
    expect(canConfirm(undefined, "", true)).toBe(false);
    expect(canConfirm("Production", "Production", true)).toBe(false);
  });
});

describe("ConfirmDialog", () => {
  it("renders nothing while closed", () => {
    expect(render(ConfirmDialog, { ...base, open: false })).toBe("");
  });

  it("renders a labelled native dialog with the given labels", () => {
    const html = render(ConfirmDialog, { ...base, confirmLabel: "Delete", cancelLabel: "Keep" });
    const dialog = tag(html, 'data-testid="confirm-dialog"');
    expect(dialog).toMatch(/^<dialog /);
    expect(text(html, `id="${attr(dialog, "aria-labelledby")}"`)).toBe("Delete project?");
    expect(text(html, `id="${attr(dialog, "aria-describedby")}"`)).toBe("Its assets and issues are deleted too.");
    expect(text(html, 'data-testid="confirm-dialog-confirm"')).toBe("Delete");
    expect(text(html, 'data-testid="confirm-dialog-cancel"')).toBe("Keep");
    expect(attr(confirmButton(html), "type")).toBe("submit");
    expect(attr(confirmButton(html), "disabled")).toBeUndefined();
    expect(tags(html, "confirm-dialog-input")).toHaveLength(0);
  });

  it("starts with confirm disabled when text must be typed", () => {
    const html = render(ConfirmDialog, { ...base, requireText: "Production", danger: true });
    expect(attr(confirmButton(html), "disabled")).toBe("");
    expect(attr(confirmButton(html), "data-variant")).toBe("danger");
    const input = tag(html, 'data-testid="confirm-dialog-input"');
    expect(attr(input, "value")).toBe("");
    expect(text(html, `for="${attr(input, "id")}"`)).toBe("Type Production to confirm");
  });

  it("uses the primary variant unless danger", () => {
    expect(attr(confirmButton(render(ConfirmDialog, base)), "data-variant")).toBe("primary");
  });
});
