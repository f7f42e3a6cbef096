// The report's PDF download: the same procedure and answer as GET /app/assessments/{id}/pdf, with the session.
import { createCaller, errorAnswer, fileAnswer, toWebResponse } from "@ems/core";
import { dashboardContext } from "@/server/context";

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const caller = createCaller(await dashboardContext());
    return toWebResponse(fileAnswer(await caller.assessments.pdf({ id: (await params).id })));
  } catch (err) {
    return toWebResponse(errorAnswer(err));
  }
}
