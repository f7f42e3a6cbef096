"use client";
// The Radix half of ChoiceMenu, loaded on its own (choice-menu.tsx says why).
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "./dropdown-menu.tsx";
import type { ChoiceMenuProps } from "./choice-menu.types.ts";

export function ChoiceMenuContent({ trigger, label, choices, onChoose, keepOpen = false }: ChoiceMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {label && <DropdownMenuLabel>{label}</DropdownMenuLabel>}
        {choices.map((c) => (
          <DropdownMenuCheckboxItem
            key={c.id}
            checked={c.checked}
            onCheckedChange={(v) => onChoose(c.id, Boolean(v))}
            onSelect={keepOpen ? (e) => e.preventDefault() : undefined}
          >
            {c.label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
