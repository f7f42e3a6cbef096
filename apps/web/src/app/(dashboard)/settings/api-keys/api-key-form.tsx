"use client";
// The new-key form on react-hook-form, validated with the procedure's own schema (createApiKeyInput): a key
// without scopes is refused at the field before the request, as the server would refuse it.
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { createApiKeyInput } from "@ems/core/client-schemas";
import { Button, Checkbox, Form, FormControl, FormField, FormItem, FormLabel, FormMessage, Input } from "@ems/ui";
import { ALL_SCOPES, SCOPE_PRESETS, type Scope } from "@/components/scope-presets";
import { SCOPE_DESCRIPTIONS } from "@/components/scopes";
import { errorData, errorMessage } from "@/trpc/client";

// The date input gives local "YYYY-MM-DDTHH:mm"; the procedure's futureDate checks it once sent.
const schema = createApiKeyInput.extend({
  scopes: z.array(z.enum(ALL_SCOPES as [Scope, ...Scope[]])).min(1, "Pick at least one scope"),
  expiresAt: z.string().optional(),
});
type Values = z.input<typeof schema>;
type Fields = keyof Values;

export function ApiKeyForm({
  onSubmit,
  pending,
  serverError,
}: {
  onSubmit: (values: { name: string; scopes: Scope[]; expiresAt?: string }) => void;
  pending: boolean;
  serverError: unknown;
}) {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: "", scopes: [], expiresAt: "" },
  });
  // A refusal from the server lands on its field too.
  useEffect(() => {
    if (!serverError) return;
    const field = errorData(serverError).field as Fields | undefined;
    if (field && field in form.getValues()) form.setError(field, { message: errorMessage(serverError) });
  }, [serverError, form]);
  const otherError = serverError && !errorData(serverError).field ? errorMessage(serverError) : null;

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit((v) =>
          onSubmit({ name: v.name, scopes: v.scopes as Scope[], expiresAt: v.expiresAt }),
        )}
        className="flex flex-col gap-4"
        data-testid="api-key-form"
        noValidate
      >
        <div className="flex flex-wrap items-start gap-3">
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Name</FormLabel>
                <FormControl>
                  <Input {...field} maxLength={255} className="w-64" />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="expiresAt"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Expires (optional)</FormLabel>
                <FormControl>
                  <Input type="datetime-local" {...field} value={field.value ?? ""} className="w-56" />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="scopes"
          render={({ field }) => {
            const value = (field.value ?? []) as Scope[];
            const toggle = (scope: Scope, on: boolean) =>
              field.onChange(on ? [...value, scope] : value.filter((s) => s !== scope));
            return (
              <FormItem>
                <fieldset className="grid gap-2 rounded-md border px-3 py-2" aria-describedby="scopes-hint">
                  <legend className="px-1 text-sm font-medium">Scopes</legend>
                  <div className="flex flex-wrap items-center gap-2" id="scopes-hint">
                    <span className="text-sm text-muted-foreground">Presets:</span>
                    {SCOPE_PRESETS.map((p) => (
                      <Button key={p.label} size="sm" onClick={() => field.onChange([...p.scopes])}>
                        {p.label}
                      </Button>
                    ))}
                  </div>
                  <div className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
                    {ALL_SCOPES.map((s) => (
                      <label key={s} className="flex items-center gap-2 text-sm" title={SCOPE_DESCRIPTIONS[s]}>
                        <Checkbox checked={value.includes(s)} onCheckedChange={(on) => toggle(s, on === true)} />
                        <code>{s}</code>
                      </label>
                    ))}
                  </div>
                  <FormMessage />
                </fieldset>
              </FormItem>
            );
          }}
        />
        {otherError && <p className="text-sm text-destructive">{otherError}</p>}
        <div>
          <Button type="submit" variant="primary" loading={pending}>
            Create key
          </Button>
        </div>
      </form>
    </Form>
  );
}
