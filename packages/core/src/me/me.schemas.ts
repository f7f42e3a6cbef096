import { z } from "zod";
import { roleName } from "../members/members.schemas.ts";
import { planSchema } from "../plan/plan.schemas.ts";

/** The signed-in user, the current workspace and role, and the workspaces to switch to (dashboard only). */
export const meSchema = z.object({
  user: z.object({ id: z.number().int(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  workspace: z.object({ id: z.number().int(), name: z.string(), plan: planSchema.shape.plan }),
  role: roleName,
  workspaces: z.array(z.object({ id: z.number().int(), name: z.string(), role: roleName })),
});
