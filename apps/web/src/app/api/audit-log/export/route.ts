// The audit-log export as a download for the dashboard: the same procedure
// and the same answer (core's fileAnswer) as GET /app/audit-log/export, called with the session.
import { createCaller, errorAnswer, fileAnswer, toWebResponse } from "@ems/core";
import { dashboardContext } from "@/server/context";

export async function GET(req: Request) {
  const query = Object.fromEntries(new URL(req.url).searchParams);
  try {
    const caller = createCaller(await dashboardContext());
    return toWebResponse(fileAnswer(await caller.auditLog.export(query as never)));
  } catch (err) {
    return toWebResponse(errorAnswer(err));
  }
}
