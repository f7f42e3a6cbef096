// The dashboard's link to the product: one Services per server process, on
// DATABASE_URL (the start script passes the API's database, embedded or not;
// the API applies migrations).
import { createDatabase } from "@ems/db";
import { createServices, type Services } from "@ems/core";

const globalForServices = globalThis as unknown as { emsServices?: Services };

export function services(): Services {
  if (!globalForServices.emsServices) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set: start the dashboard with `pnpm start` (which passes it) or set it");
    globalForServices.emsServices = createServices(createDatabase(url));
  }
  return globalForServices.emsServices;
}
