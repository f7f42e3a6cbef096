import { CopyButton, cn } from "@ems/ui";

/**
 * A value to copy (a token, a secret, a DNS record) in monospace, wrapping anywhere, with a copy button.
 * The element with the test id holds the value alone.
 */
export function SecretValue({ value, label, testId }: { value: string; label: string; testId?: string }) {
  return (
    <div className="flex items-start gap-1">
      <div
        className={cn(
          "secret min-w-0 flex-1 rounded-md border border-secret-border bg-secret",
          "px-2.5 py-2 font-mono text-sm break-all",
        )}
        data-testid={testId}
      >
        {value}
      </div>
      <CopyButton value={value} label={label} />
    </div>
  );
}
