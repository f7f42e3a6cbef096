"use client";
import { useSyncExternalStore } from "react";
import { formatDate } from "./use-me";

const subscribe = () => () => {};

/**
 * A date and time in the reader's time zone. The server does not know that zone: the HTML (and React's hydration of
 * it) shows UTC, the browser its local time right after, so server-rendered data never mismatches.
 */
export function LocalTime({ date }: { date: Date | null | undefined }) {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  if (!date) return formatDate(date);
  const iso = date.toISOString();
  return (
    <time dateTime={iso} title={iso}>
      {hydrated ? formatDate(date) : `${iso.slice(0, 16).replace("T", " ")} UTC`}
    </time>
  );
}
