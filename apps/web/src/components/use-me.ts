"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";

/** The signed-in user and role; `canWrite`/`isAdmin` only shape the UI — the procedures enforce roles. */
export function useMe() {
  const trpc = useTRPC();
  const me = useQuery(trpc.me.get.queryOptions());
  const role = me.data?.role;
  return {
    me: me.data,
    canWrite: role !== undefined && role !== "read-only",
    isAdmin: role === "owner" || role === "admin",
  };
}

export const formatDate = (d: Date | null | undefined) =>
  d ? d.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" }) : "—";
