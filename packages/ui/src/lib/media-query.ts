"use client";
import { useSyncExternalStore } from "react";

/** Below Tailwind's `md`: where the dashboard has no sidebar and lists show as cards. */
export const PHONE_QUERY = "(max-width: 767.98px)";

/**
 * Whether a CSS media query matches, following changes. `serverValue` is the answer on the server and while React
 * hydrates (the page's first render must match the server's HTML); the browser's own answer follows at once.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** A phone-sized screen (PHONE_QUERY). */
export const usePhone = () => useMediaQuery(PHONE_QUERY);
