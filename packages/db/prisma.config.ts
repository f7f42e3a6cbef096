import { defineConfig } from "prisma/config";

// Used only by the Prisma CLI (generate, migrate dev). The product applies
// migrations itself (src/migrate.ts) and never needs the CLI at run time.
export default defineConfig({
  schema: "prisma/schema",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/ems" },
});
