"use client";
// The scopes of an API key or OAuth app: presets (least privilege first) and one checkbox per scope, for a
// react-hook-form field. `ScopesField` is the field itself, for a form whose values have `scopes`.
import { useId } from "react";
import { useFormContext } from "react-hook-form";
import { z } from "zod";
import { Button, Checkbox, FormField, FormItem, FormMessage } from "@ems/ui";
import { ALL_SCOPES, SCOPE_PRESETS, type Scope } from "@/components/scope-presets";
import { SCOPE_DESCRIPTIONS } from "@/components/scopes";

/** The form's scopes: the procedures' scope names, at least one (nothing is picked for you). */
export const pickedScopes = z.array(z.enum(ALL_SCOPES as [Scope, ...Scope[]])).min(1, "Pick at least one scope");

export function ScopePicker({ value, onChange }: { value: readonly string[]; onChange: (scopes: Scope[]) => void }) {
  const hint = useId();
  const picked = ALL_SCOPES.filter((s) => value.includes(s));
  const toggle = (scope: Scope, on: boolean) => onChange(on ? [...picked, scope] : picked.filter((s) => s !== scope));
  return (
    <fieldset className="grid gap-2 rounded-md border px-3 py-2" aria-describedby={hint}>
      <legend className="px-1 text-sm font-medium">Scopes</legend>
      <div className="flex flex-wrap items-center gap-2" id={hint}>
        <span className="text-sm text-muted-foreground">Presets:</span>
        {SCOPE_PRESETS.map((p) => (
          <Button key={p.label} size="sm" onClick={() => onChange([...p.scopes])}>
            {p.label}
          </Button>
        ))}
      </div>
      <div className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
        {ALL_SCOPES.map((s) => (
          <label key={s} className="flex items-center gap-2 text-sm" title={SCOPE_DESCRIPTIONS[s]}>
            <Checkbox checked={picked.includes(s)} onCheckedChange={(on) => toggle(s, on === true)} />
            <code>{s}</code>
          </label>
        ))}
      </div>
      <FormMessage />
    </fieldset>
  );
}

/** The `scopes` field of the react-hook-form around it (inside <Form>): the picker, its error in the fieldset. */
export function ScopesField() {
  const { control } = useFormContext<{ scopes: string[] }>();
  return (
    <FormField
      control={control}
      name="scopes"
      render={({ field }) => (
        <FormItem>
          <ScopePicker value={field.value ?? []} onChange={field.onChange} />
        </FormItem>
      )}
    />
  );
}
