// Input schemas that browser code may import (they depend on zod alone): forms validate with the procedure's
// own schema (react-hook-form + zodResolver) before the server does the same. (The scan profiles' words are
// `@ems/core/scan-profiles`: every page shows them, and zod must not come with them; the profile page's are
// `@ems/core/user-schemas`, so that it does not carry the API key and OAuth app forms' schemas.)
export { createApiKeyInput } from "./api-keys/api-keys.schemas.ts";
export { createOAuthAppInput } from "./oauth/oauth.schemas.ts";
export { SCOPES } from "./scopes.ts";
