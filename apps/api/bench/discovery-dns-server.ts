// The DNS server of `pnpm bench:discovery`, in its own process: h<i>.bench.test
// for even i < argv[2] answer A (and AAAA for every fourth); the rest is NXDOMAIN,
// as most brute-forced names are. Prints its port, then serves until killed.
import { startFastDnsServer } from "@ems/scanners/testing";
import { benchAddress } from "./discovery-names.ts";

const count = Number(process.argv[2] ?? 100_000);
const records = new Map<string, { A?: string[]; AAAA?: string[] }>();
for (let i = 0; i < count; i += 2) {
  const { a, aaaa } = benchAddress(i);
  records.set(`h${i}.bench.test`, { A: [a], ...(aaaa ? { AAAA: [aaaa] } : {}) });
}
const server = await startFastDnsServer(records);
process.stdout.write(`${server.port}\n`);
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
