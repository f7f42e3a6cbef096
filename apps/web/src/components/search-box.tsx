"use client";
import { useEffect, useState } from "react";
import { Input } from "@ems/ui";

/** A text search that reports what was typed after a pause (the list refetches once, not per key). */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  label = "Search",
  delayMs = 300,
}: {
  value: string;
  onSearch: (text: string) => void;
  placeholder?: string;
  label?: string;
  delayMs?: number;
}) {
  const [text, setText] = useState(value);
  // The URL can change under us (back button, a link): follow it.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs, onSearch]);
  return (
    <label className="grid min-w-0 gap-1.5 text-sm font-medium">
      {label}
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        className="w-full font-normal md:w-56"
        data-testid="search"
      />
    </label>
  );
}
