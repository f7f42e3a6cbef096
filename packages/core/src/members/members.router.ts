import { z } from "zod";
import { messageSchema } from "../common-schemas.ts";
import { pageOf } from "../paging.ts";
import { storedList } from "../stored-values.ts";
import { procedure, router } from "../trpc.ts";
import {
  changeRoleInput,
  invitationSchema,
  inviteInput,
  inviteOutput,
  listMembersInput,
  memberSchema,
  removeMemberInput,
  revokeInvitationInput,
} from "./members.schemas.ts";
import { changeRole, invite, listInvitations, listMembers, removeMember, revokeInvitation } from "./members.service.ts";

const tags = ["Members (dashboard only)"];
// Anyone in the workspace may see who else is; changing membership takes an admin.
const read = { dashboardOnly: true, kind: "read" } as const;
const admin = { dashboardOnly: true, kind: "write", minRole: "admin" } as const;

export const membersRouter = router({
  list: procedure
    .meta({ openapi: { method: "GET", path: "/app/members", tags, summary: "List members" }, paged: true, ...read })
    .input(listMembersInput)
    .output(pageOf(memberSchema))
    .query(({ ctx, input }) => listMembers(ctx, input)),

  invitations: procedure
    .meta({
      openapi: { method: "GET", path: "/app/members/invitations", tags, summary: "Pending invitations" },
      ...read,
      minRole: "admin",
    })
    .input(z.object({}))
    .output(storedList("Invitation", invitationSchema))
    .query(({ ctx }) => listInvitations(ctx)),

  invite: procedure
    .meta({
      openapi: { method: "POST", path: "/app/members", tags, summary: "Invite by email with a role" },
      successStatus: 201,
      ...admin,
    })
    .input(inviteInput)
    .output(inviteOutput)
    .mutation(({ ctx, input }) => invite(ctx, input)),

  revokeInvitation: procedure
    .meta({
      openapi: { method: "DELETE", path: "/app/members/invitations/{id}", tags, summary: "Revoke an invitation" },
      ...admin,
    })
    .input(revokeInvitationInput)
    .output(messageSchema)
    .mutation(({ ctx, input }) => revokeInvitation(ctx, input.id)),

  changeRole: procedure
    .meta({
      openapi: { method: "PATCH", path: "/app/members/{userId}", tags, summary: "Change a member's role" },
      ...admin,
    })
    .input(changeRoleInput)
    .output(memberSchema)
    .mutation(({ ctx, input }) => changeRole(ctx, input)),

  remove: procedure
    .meta({ openapi: { method: "DELETE", path: "/app/members/{userId}", tags, summary: "Remove a member" }, ...admin })
    .input(removeMemberInput)
    .output(messageSchema)
    .mutation(({ ctx, input }) => removeMember(ctx, input.userId)),
});
