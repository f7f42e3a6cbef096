// Input schemas that browser code may import (they depend on zod alone): forms validate with the procedure's
// own schema (react-hook-form + zodResolver) before the server does the same.
export { createApiKeyInput } from "./api-keys/api-keys.schemas.ts";
export { createOAuthAppInput } from "./oauth/oauth.schemas.ts";
export { SCOPES } from "./scopes.ts";
export { changePasswordInput, setNameInput } from "./users/users.schemas.ts";
