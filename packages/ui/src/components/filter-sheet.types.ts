// The props, apart from the component, so that its lazily loaded part can import them without an import cycle.
import type { AriaAttributes, ReactElement, ReactNode } from "react";

export interface FilterSheetProps {
  trigger: ReactElement<AriaAttributes>;
  /** The sheet's heading, e.g. "Filter issues". */
  title: string;
  /** The filter controls; each change applies to the list at once. */
  children: ReactNode;
}
