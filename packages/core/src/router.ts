// The application router: one sub-router per resource. Served as tRPC to the
// dashboard and as REST at /app/* (see apps/api).
import { apiKeysRouter } from "./api-keys/api-keys.router.ts";
import { auditLogRouter } from "./audit-log/audit-log.router.ts";
import { projectsRouter } from "./projects/projects.router.ts";
import { createCallerFactory, router } from "./trpc.ts";

export const appRouter = router({
  projects: projectsRouter,
  auditLog: auditLogRouter,
  apiKeys: apiKeysRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
