"use client";
// The schedule form loads when its dialog opens: nobody needs it for a page's first paint (docs/benchmarks.md).
import dynamic from "next/dynamic";

export const ScheduleDialog = dynamic(() => import("./schedule-form").then((m) => m.ScheduleDialog), { ssr: false });
