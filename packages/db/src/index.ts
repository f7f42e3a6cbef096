// The database client and the generated Prisma types: safe to bundle (the dashboard does).
export { createDatabase, type Database } from "./client.ts";
export type { Notifications, Subscriber } from "./notifications.ts";
export * from "./generated/prisma/client.ts";
