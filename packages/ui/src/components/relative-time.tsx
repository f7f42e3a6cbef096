"use client";

import { useEffect, useState } from "react";
import { cn } from "../lib/utils.ts";
import { relativeTime } from "../time.ts";

export interface RelativeTimeProps {
  date: Date | string | null | undefined;
  className?: string;
  /** Shown when there is no date. */
  fallback?: string;
}

/** One line, "3 h ago"; the exact ISO time on hover (title) and in the element's dateTime. */
export function RelativeTime({ date, className, fallback = "—" }: RelativeTimeProps) {
  // The server and the first client render agree on the ISO time; the relative text comes after mount
  // (the clocks and time zones differ), and refreshes every minute.
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (!date) return <span className="text-muted-foreground">{fallback}</span>;
  const value = typeof date === "string" ? new Date(date) : date;
  const iso = value.toISOString();
  return (
    <time dateTime={iso} title={iso} className={cn("whitespace-nowrap", className)}>
      {now ? relativeTime(value, now) : iso.slice(0, 16).replace("T", " ")}
    </time>
  );
}
