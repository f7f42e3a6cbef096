// `pnpm test`'s bookkeeping for the embedded PostgreSQL the suites use when
// DATABASE_URL is not set (under <data dir>/test):
//   tsx src/test-server-cli.ts running   exit 0 when it runs, 1 when not
//   tsx src/test-server-cli.ts stop      stops it (no-op when it does not run)
import path from "node:path";
import { isEmbeddedPostgresRunning, stopEmbeddedPostgres } from "./embedded.ts";
import { dataDir } from "./open.ts";

const root = path.join(dataDir(), "test");
const command = process.argv[2];
if (command === "running") process.exit((await isEmbeddedPostgresRunning(root)) ? 0 : 1);
if (command === "stop") {
  if (await stopEmbeddedPostgres(root)) console.log("Stopped the tests' embedded PostgreSQL.");
} else {
  console.error("usage: test-server-cli.ts running|stop");
  process.exit(2);
}
