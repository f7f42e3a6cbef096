import { z } from "zod";
import { procedure, router } from "../trpc.ts";
import { meSchema } from "./me.schemas.ts";
import { describeMe } from "./me.service.ts";

export const meRouter = router({
  /** The signed-in user, the current workspace and role, and the workspaces to switch to. */
  get: procedure
    .meta({ kind: "read", dashboardOnly: true })
    .input(z.object({}).optional())
    .output(meSchema)
    .query(({ ctx }) => describeMe(ctx)),
});
