import { mergeConfig } from "vitest/config";
import shared from "../../vitest.shared.ts";

// The CLI and server that tests start as child processes are built once per run (test/entry-points.ts).
export default mergeConfig(shared, { test: { globalSetup: ["test/entry-points.ts"] } });
