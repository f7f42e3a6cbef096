// The public surface of @ems/core, by what the apps need. Tests reach past the
// door through "@ems/core/testing".

// Setting up a process: its long-lived parts, the job queue and workers.
export { createServices, connectServices, databaseReachable } from "./context.ts";
export { type Services } from "./service-context.ts";
export { createJobQueue } from "./jobs/jobs.ts";
export { assetCheckJob } from "./assets/assets.check.ts";
export { type JobQueue } from "./jobs/queue.ts";
export { discoverySettingsFromEnv, type DiscoverySettings } from "./discovery/discovery.settings.ts";
export { startWorker } from "./jobs/worker.ts";
export { closePdfBrowser } from "./assessments/render/pdf-browser.ts";
export { recoverAbandonedScans, HEARTBEAT_TIMEOUT_MS, MAX_SCAN_ATTEMPTS } from "./scans/scans.watchdog.ts";
export { type PaymentProvider } from "./billing/payment-provider.ts";
export { webhookConfigFromEnv, type WebhookConfig } from "./webhooks/webhooks.config.ts";

// The door: who acts, in which workspace (door.ts).
export { actAs, admit, identify, type Credential, type DashboardSession } from "./door.ts";
export { asOperator } from "./workspaces/workspaces.service.ts";
export { type Actor } from "./actors.ts";
export { requestContext, sessionContext, type RequestContext } from "./request-context.ts";

// The procedures: the tRPC router (dashboard) and the REST edge built from its meta.
export { appRouter, createCaller, type AppRouter, type RouterInputs, type RouterOutputs } from "./router.ts";
export { restRoutes, type RestRoute } from "./rest/routes.ts";
export { viewSharedReport } from "./assessments/assessments.share.ts";
export { errorAnswer, fileAnswer, successAnswer, toWebResponse, type Answer } from "./rest/respond.ts";
export { DOCUMENT_HEADERS } from "./rest/files.ts";
export { buildOpenApiDocument } from "./openapi.ts";
export { OAUTH_FIELD_MAX } from "./openapi-parts.ts";
export { AppError, ErrorCode, toAppError } from "./errors.ts";
export { parseScopes, type Scope } from "./scopes.ts";

// Before the door: the operator's set-up, sign-in and invitations.
export { changeWorkspacePlan, createWorkspace } from "./workspaces/workspaces.service.ts";
export {
  createUserInWorkspace,
  operatorIn,
  sessionVersionFor,
  setUserName,
  setUserPassword,
  userByEmail,
} from "./users/users.service.ts";
export { setNameInput } from "./users/users.schemas.ts";
export { importEpssFile, importKevCatalogue } from "./enrichment/exploits.import.ts";
export { verifyCredentials, isMember } from "./me/me.service.ts";
export { findInvitation, acceptInvitation } from "./members/members.service.ts";
export { createApiKey, listApiKeys, revokeApiKeyById } from "./api-keys/api-keys.service.ts";
export { createApiKeyInput } from "./api-keys/api-keys.schemas.ts";
export { createOAuthApp } from "./oauth/oauth.service.ts";
export { createOAuthAppInput } from "./oauth/oauth.schemas.ts";

// OAuth: the consent page (apps/web) and the token endpoint's model (apps/api).
export {
  AuthorizationPageError,
  approveAuthorization,
  consumeAuthorizationCode,
  denyAuthorization,
  findAuthorizationCode,
  findRefreshToken,
  issueUserTokens,
  pkceS256,
  REFRESH_TOKEN_TTL_SECONDS,
  revokeTokenRow,
  validateAuthorizationRequest,
  type AuthorizationRequest,
  type ValidAuthorization,
} from "./oauth/authorization.service.ts";
export {
  ACCESS_TOKEN_TTL_SECONDS,
  findOAuthApp,
  findOAuthClient,
  issueClientCredentialsToken,
  revokeOAuthToken,
  type OAuthApp,
} from "./oauth/oauth.service.ts";

// Reports over a ServiceContext (the dashboard and the assessment snapshot call them inside actAs).
export { reportSummary } from "./reports/summary.ts";
export { vulnerableAssets } from "./reports/vulnerable-assets.ts";
export { SEVERITY_WEIGHTS, EXPOSED_PORTS } from "./reports/risk-score.ts";
export { slaReport } from "./reports/sla.ts";
export { resolvePeriod, PERIOD_PRESETS, MAX_PERIOD_DAYS, type Period, type PeriodInput } from "./reports/period.ts";
export type { ReportFilters } from "./reports/report-sql.ts";
export { getSlaPolicy, workspaceSlaDays } from "./sla-policy/sla-policy.service.ts";
export { DEFAULT_SLA_DAYS, type SlaDays } from "./sla-policy/sla-policy.schemas.ts";
// Change alerts: what other features call when something changed (in the transaction of the change).
export { emitWebhookEvent, emitWebhookEvents, type WebhookEvent } from "./webhooks/webhooks.events.ts";
export { WEBHOOK_EVENTS } from "./webhooks/webhooks.payload.ts";
