// The reports' CSV downloads for the dashboard: the same procedures and answers (core's fileAnswer) as
// GET /app/reports/summary/export and /app/reports/vulnerable-assets/export, called with the session.
import { createCaller, errorAnswer, fileAnswer, toWebResponse } from "@ems/core";
import { dashboardContext } from "@/server/context";

export async function GET(req: Request, { params }: { params: Promise<{ report: string }> }) {
  const query = Object.fromEntries(new URL(req.url).searchParams);
  const { report } = await params;
  try {
    const caller = createCaller(await dashboardContext());
    if (report === "summary") return toWebResponse(fileAnswer(await caller.reports.exportSummary(query as never)));
    if (report === "vulnerable-assets") {
      return toWebResponse(fileAnswer(await caller.reports.exportVulnerableAssets(query as never)));
    }
    return new Response("Not found", { status: 404 });
  } catch (err) {
    return toWebResponse(errorAnswer(err));
  }
}
