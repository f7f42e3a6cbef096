"use client";
import { SCOPE_DESCRIPTIONS } from "@/components/scopes";

/** Checkboxes for scopes, named `scopes`: those in `checked`, or all of them. */
export function ScopePicker({ checked }: { checked?: string[] }) {
  return (
    <fieldset style={{ border: "1px solid #e5e7eb", borderRadius: 6, padding: "8px 12px" }}>
      <legend className="muted">Scopes</legend>
      <div style={{ display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: 4 }}>
        {Object.keys(SCOPE_DESCRIPTIONS).map((s) => (
          <label key={s} style={{ fontSize: 13 }}>
            <input type="checkbox" name="scopes" value={s} defaultChecked={checked ? checked.includes(s) : true} />{" "}
            <code>{s}</code>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
