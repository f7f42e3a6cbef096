// The audit-log export as a download for the dashboard: the same procedure
// as GET /app/audit-log/export, called with the session.
import { Readable } from "node:stream";
import { createCaller, toAppError } from "@ems/core";
import { dashboardContext } from "@/server/context";

export async function GET(req: Request) {
  const query = Object.fromEntries(new URL(req.url).searchParams);
  try {
    const file = await createCaller(await dashboardContext()).auditLog.export(query as never);
    const body =
      typeof file.body === "string" || file.body instanceof Uint8Array
        ? file.body
        : (Readable.toWeb(Readable.from(file.body)) as ReadableStream);
    return new Response(body as BodyInit, {
      headers: {
        "Content-Type": file.contentType,
        ...(file.filename ? { "Content-Disposition": `attachment; filename="${file.filename}"` } : {}),
      },
    });
  } catch (err) {
    const app = toAppError(err);
    return Response.json(app.toBody(), { status: app.status });
  }
}
