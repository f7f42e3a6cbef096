"use client";
// The charts, loaded after the page: Recharts is about 100 kB gzipped and no page needs it for its first paint,
// so it stays out of every route's first-load JavaScript (docs/benchmarks.md). Pages import charts from here.
import dynamic from "next/dynamic";
import { Skeleton } from "@ems/ui";

const placeholder = () => <Skeleton className="h-[220px] w-full" aria-hidden="true" />;
const load = () => import("@ems/ui/charts");

export const BarChart = dynamic(() => load().then((m) => m.BarChart), { ssr: false, loading: placeholder });
export const DonutChart = dynamic(() => load().then((m) => m.DonutChart), { ssr: false, loading: placeholder });
export const TrendChart = dynamic(() => load().then((m) => m.TrendChart), { ssr: false, loading: placeholder });
