import { mergeConfig } from "vitest/config";
import shared from "../../vitest.shared.ts";

// One file at a time here: the hostile suites count every connection to a tripwire on 127.0.0.1, and the port
// scanner's tests scan wide port ranges of 127.0.0.1, which land on another file's tripwire when both run at once.
export default mergeConfig(shared, { test: { maxWorkers: 1 } });
