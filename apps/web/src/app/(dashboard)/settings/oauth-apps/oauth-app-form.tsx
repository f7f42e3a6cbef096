"use client";
// The OAuth app form (new and edit) on react-hook-form, validated with the procedure's own schema
// (createOAuthAppInput; update takes the same fields): errors show at their field, the server's too.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { createOAuthAppInput } from "@ems/core/client-schemas";
import {
  Button,
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Input,
  Textarea,
} from "@ems/ui";
import { ScopesField, pickedScopes } from "@/components/scope-picker";
import { useServerError } from "@/components/use-server-error";

const redirectUris = createOAuthAppInput.shape.redirectUris;

const lines = (text: string) => text.split(/\s+/).filter(Boolean);

/** The textarea, checked line by line with the procedure's redirect URI schema; a refused line is named. */
const redirectLines = z.string().superRefine((text, ctx) => {
  const uris = lines(text);
  const parsed = redirectUris.safeParse(uris);
  for (const issue of parsed.error?.issues ?? []) {
    const line = typeof issue.path[0] === "number" ? uris[issue.path[0]] : undefined;
    ctx.addIssue({ code: "custom", message: line ? `${line}: ${issue.message}` : issue.message });
  }
});

const schema = createOAuthAppInput.extend({ scopes: pickedScopes, redirectUris: redirectLines });
type FormValues = z.infer<typeof schema>;
export type OAuthAppValues = Omit<FormValues, "redirectUris"> & { redirectUris: string[] };

export function OAuthAppForm({
  initial,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  testId,
}: {
  initial?: { name: string; scopes: string[]; redirectUris: string[] };
  submitLabel: string;
  pending: boolean;
  serverError: unknown;
  onSubmit: (values: OAuthAppValues) => void;
  testId?: string;
}) {
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    // Least privilege: a new app has no scope until one (or a preset) is picked.
    defaultValues: {
      name: initial?.name ?? "",
      scopes: (initial?.scopes ?? []) as FormValues["scopes"],
      redirectUris: initial?.redirectUris.join("\n") ?? "",
    },
  });
  const otherError = useServerError(form, serverError);

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit((v) => onSubmit({ ...v, redirectUris: lines(v.redirectUris) }))}
        className="flex flex-col gap-4"
        data-testid={testId}
        noValidate
      >
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Name</FormLabel>
              <FormControl>
                <Input {...field} maxLength={255} className="w-64 max-w-full" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="redirectUris"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Redirect URIs (one per line)</FormLabel>
              <FormControl>
                <Textarea {...field} rows={2} />
              </FormControl>
              <FormDescription>https, or http on localhost; none for client credentials only</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <ScopesField />
        {otherError && <p className="text-sm text-destructive-text">{otherError}</p>}
        <div>
          <Button type="submit" variant="primary" loading={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Form>
  );
}
