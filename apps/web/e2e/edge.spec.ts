// The dashboard's HTTP edge (issue 26, item 4), against the real front (server.ts) and the built app: the tRPC
// endpoint's Origin check, proxy headers ignored without EMS_TRUST_PROXY, the body limit enforced while a body
// streams, and what Node refuses by itself, each in the common error shape.
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { expect, signedIn, stack, test } from "./fixtures";

type TrpcError = { error: { json: { data: { code: string; status: number; field?: string } } } };

/** Peak resident memory of the dashboard's process (its high-water mark), in MiB. */
const peakMiB = () =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${stack().webPid}/status`, "utf8"))![1]) / 1024;

/**
 * POSTs `megabytes` of a chunked body (no Content-Length to refuse it by) and stops at the first answer: its status,
 * body, and how much had been sent by then.
 */
function streamLargeBody(path: string, megabytes: number, headers: Record<string, string>) {
  const { port } = new URL(stack().webUrl);
  return new Promise<{ status: number; body: string; sentMiB: number }>((resolve, reject) => {
    const chunk = Buffer.alloc(1024 * 1024, "a");
    let sent = 0;
    let answered = false;
    const req = http.request({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "transfer-encoding": "chunked" },
    });
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => {
        resolve({ status: res.statusCode!, body, sentMiB: sent });
        req.destroy();
      });
    });
    req.on("error", (err) => (answered ? undefined : reject(err)));
    const pump = () => {
      while (!answered && sent < megabytes) {
        sent++;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** A raw request line and headers; the status line and body the server answers before it closes. */
function raw(text: string) {
  const { port } = new URL(stack().webUrl);
  return new Promise<{ status: number; body: { code: string; status: number; field?: string } }>((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(text));
    let out = "";
    socket.on("data", (d) => (out += d.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () =>
      resolve({ status: Number(out.split(" ")[1]), body: JSON.parse(out.slice(out.indexOf("\r\n\r\n") + 4)) }),
    );
  });
}

test("the tRPC endpoint answers Origin null or a malformed Origin with 403 in the error shape", async ({ request }) => {
  for (const origin of ["null", "http://[", "not a url"]) {
    const res = await request.post("/api/trpc/projects.create", {
      headers: { origin, "content-type": "application/json" },
      data: { json: { name: "forged" } },
    });
    expect(res.status(), origin).toBe(403);
    const body = (await res.json()) as TrpcError;
    expect(body.error.json.data).toMatchObject({ code: "CROSS_SITE_REQUEST", status: 403 });
  }
});

test("X-Forwarded-For and X-Forwarded-Host are ignored without EMS_TRUST_PROXY", async ({ page }) => {
  await signedIn(page, "owner@acme.test");
  // Every call the page makes claims another client address and host, as a forged request would.
  await page.route("**/api/trpc/**", (route) =>
    route.continue({
      headers: { ...route.request().headers(), "x-forwarded-for": "6.6.6.6", "x-real-ip": "6.6.6.7" },
    }),
  );
  await page.getByRole("link", { name: "Projects", exact: true }).click();
  const form = page.getByTestId("project-form").first();
  await form.getByLabel("Name").fill("Proxy headers probe");
  await form.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByTestId("data-table-row").filter({ hasText: "Proxy headers probe" })).toBeVisible();
  await page.unroute("**/api/trpc/**");

  await page.getByRole("link", { name: "Audit log" }).click();
  const entry = page.getByTestId("data-table-row").filter({ hasText: "Proxy headers probe" });
  await expect(entry).toContainText("127.0.0.1");
  await expect(entry).not.toContainText("6.6.6.");

  // A forged host does not make a foreign Origin ours.
  const forged = await page.request.post("/api/trpc/projects.create", {
    headers: { origin: "https://evil.example", "x-forwarded-host": "evil.example", "content-type": "application/json" },
    data: { json: { name: "forged host" } },
  });
  expect(forged.status()).toBe(403);
});

test("a body over EMS_BODY_LIMIT is refused while it streams: 413, memory flat, the server still answers", async ({
  page,
}) => {
  await signedIn(page, "owner@acme.test");
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const before = peakMiB();
  const trpc = await streamLargeBody("/api/trpc/projects.create", 400, { cookie, origin: stack().webUrl });
  expect(trpc.status).toBe(413);
  expect((JSON.parse(trpc.body) as TrpcError).error.json.data).toMatchObject({
    code: "PAYLOAD_TOO_LARGE",
    status: 413,
    field: "body",
  });
  expect(trpc.sentMiB).toBeLessThan(100); // answered early, not after the 400 MiB

  const signIn = await streamLargeBody("/api/auth/callback/credentials", 400, { origin: stack().webUrl });
  expect(signIn.status).toBe(413);
  expect(JSON.parse(signIn.body)).toMatchObject({ code: "PAYLOAD_TOO_LARGE", status: 413, field: "body" });
  expect(signIn.sentMiB).toBeLessThan(100);

  // Buffering either body would have taken the process up by 400 MiB or more (the probe saw 356 MB -> 1.9 GB).
  expect(peakMiB() - before).toBeLessThan(64);
  expect((await page.request.get("/login")).status()).toBe(200);
});

test("what Node refuses by itself answers in the error shape: 414, 431, 400", async () => {
  const long = await raw(`GET /${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
  expect(long).toMatchObject({ status: 414, body: { code: "URI_TOO_LONG", status: 414, field: "path" } });
  const headers = await raw(`GET /login HTTP/1.1\r\nHost: x\r\nX-A: ${"a".repeat(20_000)}\r\n\r\n`);
  expect(headers).toMatchObject({ status: 431, body: { code: "HEADERS_TOO_LARGE", status: 431 } });
  const hostless = await raw("GET /login HTTP/1.1\r\nConnection: close\r\n\r\n");
  expect(hostless).toMatchObject({ status: 400, body: { code: "MALFORMED_REQUEST", field: "request" } });
  const garbage = await raw("GARBAGE\r\n\r\n");
  expect(garbage).toMatchObject({ status: 400, body: { code: "MALFORMED_REQUEST", field: "request" } });
});
