// Input schemas that browser code may import (they depend on zod alone): forms validate with the procedure's
// own schema (react-hook-form + zodResolver) before the server does the same; and the scan profiles' words, shared
// with the OpenAPI document.
export { createApiKeyInput } from "./api-keys/api-keys.schemas.ts";
export { createOAuthAppInput } from "./oauth/oauth.schemas.ts";
export { SCOPES } from "./scopes.ts";
export { changePasswordInput, setNameInput } from "./users/users.schemas.ts";
export { PORT_SCAN_MODES, SCAN_PROFILE_LABELS } from "./scan-profiles.ts";
