// Ports of the browser-test stack: its own, away from a running `pnpm start` (3000/4000).
export const E2E = {
  webPort: Number(process.env.EMS_E2E_WEB_PORT ?? 3917),
  apiPort: Number(process.env.EMS_E2E_API_PORT ?? 4917),
  callbackPort: Number(process.env.EMS_E2E_CALLBACK_PORT ?? 5917),
  /** Session length of the test dashboard, checked against the cookie. */
  sessionMaxAge: 2 * 3600,
};
