// The asset's screenshot for <img> tags in the dashboard: the same procedure as
// GET /app/assets/{id}/screenshot, called with the session.
import { createCaller, toAppError } from "@ems/core";
import { dashboardContext } from "@/server/context";

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const file = await createCaller(await dashboardContext()).assets.screenshot({ id: (await params).id });
    return new Response(file.body as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": file.contentType, "Cache-Control": "private, max-age=60" } });
  } catch (err) {
    const app = toAppError(err);
    return Response.json(app.toBody(), { status: app.status });
  }
}
