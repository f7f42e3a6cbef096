import { z } from "zod";
import { email } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
import { pagingInput } from "../paging.ts";
import { searchInput, sortInputs, type SortColumn } from "../list-query.ts";

export const ROLE_NAMES = ["owner", "admin", "member", "read-only"] as const;
export const roleName = z.enum(ROLE_NAMES, { message: `must be one of ${ROLE_NAMES.join(", ")}` });

export const memberSchema = z
  .object({
    userId: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: roleName,
    joinedAt: z.date(),
  })
  .meta({ id: "Member" });

export const invitationSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: roleName,
    expiresAt: z.date(),
    acceptedAt: z.date().nullable(),
    emailStatus: z
      .enum(["pending", "sent", "failed"])
      .nullable()
      .meta({ description: "The invitation e-mail's latest attempt; null when none was sent (no SMTP server)" }),
    emailError: z.string().nullable().meta({ description: "Why the latest attempt failed, in our words" }),
    createdAt: z.date(),
  })
  .meta({ id: "Invitation" });

// Members are few (the plan's seats): no index backs these.
export const MEMBER_SORT = {
  createdAt: { field: "id", order: "asc" },
  role: { field: "role", order: "asc" },
} as const satisfies Record<string, SortColumn<string>>;

export const listMembersInput = pagingInput.extend({
  q: searchInput("member email or name"),
  ...sortInputs(MEMBER_SORT, "createdAt"),
});
export type ListMembersInput = z.output<typeof listMembersInput>;
export const inviteInput = z.object({ email, role: roleName });
export const inviteOutput = z.object({
  /** Set when the person already had an account: they are a member now. */
  member: memberSchema.nullable(),
  /** Set otherwise: the pending invitation and its one-time token (for the /invite/<token> link). */
  invitation: invitationSchema.nullable(),
  token: z.string().nullable(),
});
export const changeRoleInput = z.object({ userId: idParam("userId"), role: roleName });
export const removeMemberInput = z.object({ userId: idParam("userId") });
export const revokeInvitationInput = z.object({ id: idParam() });
