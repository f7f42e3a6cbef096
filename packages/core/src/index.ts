export { appRouter, createCaller, type AppRouter, type RouterInputs, type RouterOutputs } from "./router.ts";
export { createServices, requestContext, sessionContext, type Services, type RequestContext } from "./context.ts";
export { AppError, ErrorCode, toAppError, validationError, type ErrorBody } from "./errors.ts";
export { type AppMeta } from "./trpc.ts";
export { type FileResponse } from "./rest/files.ts";
export { restRoutes, type RestRoute } from "./rest/routes.ts";
export { errorAnswer, fileAnswer, successAnswer, toWebResponse, type Answer } from "./rest/respond.ts";
export { actAs, admit, identify, jobActor, operatorActor, type Actor, type Client, type Credential, type OperatorMeta } from "./door.ts";
export { runInWorkspace } from "./db/scoped.ts";
export { serviceContext, type ServiceContext } from "./service-context.ts";
export { SCOPES, parseScopes, type Scope } from "./scopes.ts";
export { PLANS, PLAN_NAMES } from "./plans.ts";
export { buildOpenApiDocument } from "./openapi.ts";
export { createWorkspace, requireWorkspace } from "./workspaces/workspaces.service.ts";
export { createUserInWorkspace, hashPassword, verifyPassword, roleFromName } from "./users/users.service.ts";
export { verifyCredentials, isMember, describeMe } from "./me/me.service.ts";
export { findInvitation, acceptInvitation } from "./members/members.service.ts";
export * from "./oauth/authorization.service.ts";
export { builtInPaymentProvider, type PaymentProvider } from "./billing/payment-provider.ts";
export { createApiKey, listApiKeys, revokeApiKey } from "./api-keys/api-keys.service.ts";
export {
  createOAuthApp,
  findOAuthClient,
  issueClientCredentialsToken,
  revokeOAuthToken,
  ACCESS_TOKEN_TTL_SECONDS,
} from "./oauth/oauth.service.ts";
export { createOAuthAppInput } from "./oauth/oauth.schemas.ts";
export { createApiKeyInput } from "./api-keys/api-keys.schemas.ts";
export { createLimiter, rateLimitHeaders } from "./rate-limit/budgets.ts";
export { createJobQueue, type JobQueue, type AssetCheckJob } from "./jobs/queue.ts";
export { runAssetCheck, pendingChecks } from "./assets/assets.check.ts";
export { failAbandonedScans, HEARTBEAT_TIMEOUT_MS } from "./scans/scans.run.ts";
export { startWorker } from "./jobs/worker.ts";
