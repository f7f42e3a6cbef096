"use client";
import { Monitor, Moon, Sun } from "lucide-react";
import { useTheme } from "next-themes";
import { Button, ChoiceMenu } from "@ems/ui";

const THEMES = [
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
  { value: "system", label: "System", Icon: Monitor },
] as const;

/** Light, dark or the system's choice (the default); next-themes keeps it in localStorage. */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  return (
    <ChoiceMenu
      trigger={
        <Button variant="ghost" size="icon" className={className} aria-label="Theme" data-testid="theme-toggle">
          <Sun className="dark:hidden" aria-hidden="true" />
          <Moon className="hidden dark:block" aria-hidden="true" />
        </Button>
      }
      choices={THEMES.map(({ value, label, Icon }) => ({
        id: value,
        checked: theme === value,
        label: (
          <>
            <Icon aria-hidden="true" /> {label}
          </>
        ),
      }))}
      onChoose={(id) => setTheme(id)}
    />
  );
}
