import { z } from "zod";
import { messageSchema } from "../common-schemas.ts";
import { procedure, router } from "../trpc.ts";
import { changePasswordInput, setNameInput } from "../users/users.schemas.ts";
import { meSchema } from "./me.schemas.ts";
import { changeMyPassword, describeMe, setMyName } from "./me.service.ts";

// A person's own account, whatever their role in the workspace (read-only members too).
const own = { kind: "write", dashboardOnly: true, minRole: "read_only" } as const;

export const meRouter = router({
  /** The signed-in user, the current workspace and role, and the workspaces to switch to. */
  get: procedure
    .meta({ kind: "read", dashboardOnly: true })
    .input(z.object({}).optional())
    .output(meSchema)
    .query(({ ctx }) => describeMe(ctx)),

  /** Their first and last name (either may be empty: the product then shows the email). */
  setName: procedure
    .meta(own)
    .input(setNameInput)
    .output(meSchema)
    .mutation(({ ctx, input }) => setMyName(ctx, input)),

  /** A new password, given the current one; every other session of theirs ends (docs/api.md, Dashboard sessions). */
  changePassword: procedure
    .meta(own)
    .input(changePasswordInput)
    .output(messageSchema)
    .mutation(({ ctx, input }) => changeMyPassword(ctx, input)),
});
