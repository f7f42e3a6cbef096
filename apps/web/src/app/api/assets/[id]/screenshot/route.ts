// The asset's screenshot for <img> tags in the dashboard: the same procedure
// and the same answer (core's fileAnswer) as GET /app/assets/{id}/screenshot, called with the session.
import { createCaller, errorAnswer, fileAnswer, toWebResponse } from "@ems/core";
import { dashboardContext } from "@/server/context";

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const caller = createCaller(await dashboardContext());
    return toWebResponse(fileAnswer(await caller.assets.screenshot({ id: (await params).id })));
  } catch (err) {
    return toWebResponse(errorAnswer(err));
  }
}
