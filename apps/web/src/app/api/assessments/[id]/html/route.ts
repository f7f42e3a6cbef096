// The report's HTML for the dashboard's preview (fetched, then shown in a sandboxed srcdoc iframe): the same
// procedure and answer as GET /app/assessments/{id}/html, called with the session.
import { createCaller, errorAnswer, fileAnswer, toWebResponse } from "@ems/core";
import { dashboardContext } from "@/server/context";

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const caller = createCaller(await dashboardContext());
    return toWebResponse(fileAnswer(await caller.assessments.html({ id: (await params).id })));
  } catch (err) {
    return toWebResponse(errorAnswer(err));
  }
}
