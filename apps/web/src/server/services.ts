// The dashboard's link to the product: one Services per server process, on
// DATABASE_URL (the start script passes the API's database, embedded or not;
// the API applies migrations).
import { connectServices, discoverySettingsFromEnv, webhookConfigFromEnv, type Services } from "@ems/core";
import { netConfigFromEnv } from "@ems/scanners";

const globalForServices = globalThis as unknown as { emsServices?: Services };

export function services(): Services {
  if (!globalForServices.emsServices) {
    const url = process.env.DATABASE_URL;
    if (!url)
      throw new Error("DATABASE_URL is not set: start the dashboard with `pnpm start` (which passes it) or set it");
    // The dashboard enqueues checks; the API's (or `pnpm ems worker`'s) workers run them.
    // Share links point at the API's public /share/… pages (`pnpm start` passes EMS_SHARE_BASE_URL).
    const shareBaseUrl = process.env.EMS_SHARE_BASE_URL ?? process.env.EMS_BASE_URL;
    globalForServices.emsServices = connectServices(url, {
      net: netConfigFromEnv(),
      discovery: discoverySettingsFromEnv(),
      shareBaseUrl,
      webhooks: webhookConfigFromEnv(),
    });
  }
  return globalForServices.emsServices;
}
