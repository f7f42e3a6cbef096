"use client";
import {
  cloneElement,
  type AriaAttributes,
  lazy,
  Suspense,
  useSyncExternalStore,
  type ComponentType,
  type FunctionComponent,
  type ReactElement,
  type ReactNode,
} from "react";

const subscribe = () => () => {};
/** False on the server and while React hydrates, true from the next render on. */
const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );

/**
 * A component whose code loads after the page shows, which keeps it out of the page's first-load JavaScript
 * (docs/benchmarks.md): the server and the browser's first render show `fallback(props)`, then the loaded
 * component takes over with the same props.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode,
): FunctionComponent<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function Deferred(props: P) {
    const hydrated = useHydrated();
    if (!hydrated) return fallback(props);
    return (
      <Suspense fallback={fallback(props)}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/** The fallback of a deferred part opened by a button: that button, inert until the part's code is there
 *  (aria-disabled, which browser tests wait out). */
export function inertTrigger({ trigger }: { trigger: ReactElement<AriaAttributes> }): ReactNode {
  return cloneElement(trigger, { "aria-disabled": true });
}
