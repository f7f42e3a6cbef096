// The props, apart from the component, so that its lazily loaded part can import them without an import cycle.
import type { AriaAttributes, ReactElement, ReactNode } from "react";

export interface Choice {
  id: string;
  label: ReactNode;
  checked: boolean;
}

export interface ChoiceMenuProps {
  /** The button that opens the menu. */
  trigger: ReactElement<AriaAttributes>;
  /** A heading inside the menu. */
  label?: string;
  choices: Choice[];
  onChoose: (id: string, checked: boolean) => void;
  /** Stay open after a choice (for toggling several). */
  keepOpen?: boolean;
}
