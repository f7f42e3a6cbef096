"use client";
import { SCOPE_DESCRIPTIONS } from "@/components/scopes";

/** Checkboxes for scopes, named `scopes`: those in `checked`, or all of them. */
export function ScopePicker({ checked }: { checked?: string[] }) {
  return (
    <fieldset className="rounded-md border px-3 py-2">
      <legend className="text-sm text-muted-foreground">Scopes</legend>
      <div className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
        {Object.keys(SCOPE_DESCRIPTIONS).map((s) => (
          <label key={s} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              name="scopes"
              value={s}
              defaultChecked={checked ? checked.includes(s) : true}
            />{" "}
            <code>{s}</code>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
