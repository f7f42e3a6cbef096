import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expect, shot, signedIn, test } from "./fixtures";

interface Received {
  headers: Record<string, string>;
  body: string;
}

function readBody(req: IncomingMessage) {
  return new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

test("a webhook endpoint made in the dashboard gets a signed test event, shown as delivered", async ({ page }) => {
  const received: Received[] = [];
  const receiver = createServer((req, res) => {
    void readBody(req).then((body) => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/ems`;
  try {
    await signedIn(page, "owner@acme.test");
    await page.getByRole("link", { name: "Webhooks" }).click();
    const form = page.getByTestId("webhook-form");
    await form.getByLabel("URL").fill(url);
    await form.getByLabel("Description").fill("e2e receiver");
    await form.getByRole("button", { name: "Create endpoint" }).click();
    const secret = (await page.getByTestId("new-webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole("button", { name: "Done" }).click();

    const row = page.getByTestId("webhook-endpoints").getByTestId("data-table-row").filter({ hasText: url });
    await expect(row).toContainText("Enabled");
    await row.getByRole("button", { name: "Send test event" }).click();
    const delivery = page.getByTestId("webhook-deliveries").getByTestId("data-table-row").first();
    await expect(delivery).toContainText("Test event");
    await expect(delivery).toContainText("Delivered", { timeout: 20_000 });
    await expect(delivery).toContainText("200");
    await shot(page, "webhooks");

    expect(received).toHaveLength(1);
    const payload = new Webhook(secret).verify(received[0]!.body, received[0]!.headers) as { type: string };
    expect(payload.type).toBe("webhook.test");

    await row.getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("confirm-dialog-confirm").click();
    await expect(
      page.getByTestId("webhook-endpoints").getByTestId("data-table-row").filter({ hasText: url }),
    ).toHaveCount(0);
  } finally {
    receiver.closeAllConnections();
    await new Promise((r) => receiver.close(r));
  }
});
