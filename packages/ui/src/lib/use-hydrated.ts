import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False on the server and while React hydrates, true from the next render on: for parts loaded after the page. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
