"use client";
// The <option>s that several selects offer: the workspace's projects and members (from the lists the pages already
// load; React Query asks once), and an enum's values in words (labels.ts).
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { labelOptions, type LabelKind } from "./labels";

export function ProjectOptions() {
  const trpc = useTRPC();
  const projects = useQuery(trpc.projects.list.queryOptions({ limit: 500 }));
  return projects.data?.items.map((p) => (
    <option key={p.id} value={p.id}>
      {p.name}
    </option>
  ));
}

export function MemberOptions() {
  const trpc = useTRPC();
  const members = useQuery(trpc.members.list.queryOptions({ limit: 500 }));
  return members.data?.items.map((m) => (
    <option key={m.userId} value={m.userId}>
      {m.email}
    </option>
  ));
}

export function LabelOptions({ kind }: { kind: LabelKind }) {
  return labelOptions(kind).map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}
