"use client";
import { useEffect } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { errorData, errorMessage } from "@/trpc/client";

/**
 * A refusal from the server lands on the form field it names ("redirectUris.0" is the redirectUris field), without
 * the "field: " prefix of the common error shape. Returns the message of a refusal that names no field of the form,
 * for the form to show on its own.
 */
export function useServerError<V extends FieldValues, C, T>(
  form: UseFormReturn<V, C, T>,
  error: unknown,
): string | null {
  const named = errorData(error).field;
  const field = named?.split(".")[0];
  const onField = Boolean(error && field && field in form.getValues());
  useEffect(() => {
    if (!onField) return;
    const message = errorMessage(error);
    form.setError(field as Path<V>, {
      message: message.startsWith(`${named}: `) ? message.slice(named!.length + 2) : message,
    });
  }, [onField, error, field, named, form]);
  return error && !onField ? errorMessage(error) : null;
}
