// The application router: one sub-router per resource. Served as tRPC to the
// dashboard and as REST at /app/* (see apps/api).
import { apiKeysRouter } from "./api-keys/api-keys.router.ts";
import { assessmentsRouter } from "./assessments/assessments.router.ts";
import { assetsRouter } from "./assets/assets.router.ts";
import { auditLogRouter } from "./audit-log/audit-log.router.ts";
import { checksRouter } from "./checks/checks.router.ts";
import { problemsRouter } from "./problems/problems.router.ts";
import { discoveryRouter } from "./discovery/discovery.router.ts";
import { findingsRouter } from "./findings/findings.router.ts";
import { issuesRouter } from "./issues/issues.router.ts";
import { overviewRouter } from "./overview/overview.router.ts";
import { portsRouter } from "./ports/ports.router.ts";
import { scanSchedulesRouter } from "./scan-schedules/scan-schedules.router.ts";
import { scansRouter } from "./scans/scans.router.ts";
import { meRouter } from "./me/me.router.ts";
import { membersRouter } from "./members/members.router.ts";
import { oauthAppsRouter } from "./oauth-apps/oauth-apps.router.ts";
import { planRouter } from "./plan/plan.router.ts";
import { projectsRouter } from "./projects/projects.router.ts";
import { reportsRouter } from "./reports/reports.router.ts";
import { slaPolicyRouter } from "./sla-policy/sla-policy.router.ts";
import { webhooksRouter } from "./webhooks/webhooks.router.ts";
import { emailRouter } from "./email/email.router.ts";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { createCallerFactory, router } from "./trpc.ts";

export const appRouter = router({
  overview: overviewRouter,
  projects: projectsRouter,
  assets: assetsRouter,
  scans: scansRouter,
  scanSchedules: scanSchedulesRouter,
  issues: issuesRouter,
  findings: findingsRouter,
  checks: checksRouter,
  problems: problemsRouter,
  discovery: discoveryRouter,
  ports: portsRouter,
  reports: reportsRouter,
  slaPolicy: slaPolicyRouter,
  assessments: assessmentsRouter,
  auditLog: auditLogRouter,
  apiKeys: apiKeysRouter,
  oauthApps: oauthAppsRouter,
  webhooks: webhooksRouter,
  email: emailRouter,
  members: membersRouter,
  plan: planRouter,
  me: meRouter,
});

export type AppRouter = typeof appRouter;
/** What each procedure takes and returns, as the zod schemas declare them: the only types views use for API data. */
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
