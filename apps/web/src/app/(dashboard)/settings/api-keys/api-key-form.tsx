"use client";
// The new-key form on react-hook-form, validated with the procedure's own schema (createApiKeyInput): a key
// without scopes is refused at the field before the request, as the server would refuse it.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { createApiKeyInput } from "@ems/core/client-schemas";
import { Button, Form, FormControl, FormField, FormItem, FormLabel, FormMessage, Input } from "@ems/ui";
import { ScopesField, pickedScopes } from "@/components/scope-picker";
import type { Scope } from "@/components/scope-presets";
import { useServerError } from "@/components/use-server-error";

// The date input gives local "YYYY-MM-DDTHH:mm"; the procedure's futureDate checks it once sent.
const schema = createApiKeyInput.extend({
  scopes: pickedScopes,
  expiresAt: z.string().optional(),
});
type Values = z.input<typeof schema>;

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
  const otherError = useServerError(form, serverError);

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
        <ScopesField />
        {otherError && <p className="text-sm text-destructive-text">{otherError}</p>}
        <div>
          <Button type="submit" variant="primary" loading={pending}>
            Create key
          </Button>
        </div>
      </form>
    </Form>
  );
}
