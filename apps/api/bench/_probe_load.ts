import { fork } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import autocannon from "autocannon";
const s = JSON.parse(readFileSync("/tmp/probe/setup.json", "utf8"));
const prof = process.env.PROF;
const child = fork(new URL("./servers.ts", import.meta.url).pathname, [s.url, String(s.ws)], { execArgv: [...process.execArgv, ...(prof ? ["--cpu-prof", `--cpu-prof-dir=${prof}`] : [])] });
const ports: any = await new Promise((r) => child.once("message", r));
const tick = () => { // cpu ms of: child, postgres processes
  const cpuOf = (pid: number | string) => { try { const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" "); return (Number(f[11]) + Number(f[12])) * 10; } catch { return 0; } };
  let pgsum = 0;
  for (const p of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) { try { if (readFileSync(`/proc/${p}/comm`, "utf8").startsWith("postgres")) pgsum += cpuOf(p); } catch {} }
  return { node: cpuOf(child.pid!), pg: pgsum, gen: process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000 };
};
let k = 0;
const targets = (process.env.TARGETS ?? "product,baseline").split(",");
const pages = (process.env.PAGES ?? "1").split(",").map(Number);
const conns = (process.env.CONNS ?? "10").split(",").map(Number);
const dur = Number(process.env.DUR ?? 8);
for (const t of targets) await autocannon({ url: `http://127.0.0.1:${ports[t]}`, connections: 10, duration: 2, requests: [{ method: "GET", path: "/app/projects?limit=100&page=1", setupRequest: (r: any) => ({ ...r, headers: { authorization: `Bearer ${s.keys[k++ % 2000]}` } }) }] });
for (const c of conns) for (const page of pages) for (const t of targets) {
  const a = tick();
  const r = await autocannon({ url: `http://127.0.0.1:${ports[t]}`, connections: c, duration: dur, requests: [{ method: "GET", path: `/app/projects?limit=100&page=${page}`, setupRequest: (r: any) => ({ ...r, headers: { authorization: `Bearer ${s.keys[k++ % 2000]}` } }) }] });
  const b = tick(); const n = r.requests.total;
  console.log(`${t.padEnd(9)} conns ${c} page ${page}: ${r.requests.average.toFixed(0)} req/s p50 ${r.latency.p50} p99 ${r.latency.p99} non2xx ${r.non2xx} | CPU ms/req node ${((b.node - a.node) / n).toFixed(2)} pg ${((b.pg - a.pg) / n).toFixed(2)} loadgen ${((b.gen - a.gen) / n).toFixed(2)}`);
}
child.disconnect();
await new Promise((r) => child.once("exit", r));
