import type { Invitation, Role, User } from "@ems/db";
import type { z } from "zod";
import { writeAudit } from "../audit/write.ts";
import { hashSecret, newSecret } from "../auth/secrets.ts";
import type { Services } from "../service-context.ts";
import { actAs } from "../door.ts";
import { AppError, ErrorCode, alreadyExists, notFound, validationError } from "../errors.ts";
import { skipTake } from "../paging.ts";
import type { ServiceContext } from "../service-context.ts";
import { hashPassword, verifyPassword } from "../users/users.service.ts";
import {
  MEMBER_SORT,
  type ListMembersInput,
  type ROLE_NAMES,
  type invitationSchema,
  type memberSchema,
} from "./members.schemas.ts";
import { orderByOf, textSearch } from "../list-query.ts";
import { dashed, undashed } from "../enum-names.ts";
import { queueInvitationMail } from "../email/email.invitation.ts";

type RoleName = (typeof ROLE_NAMES)[number];

export const INVITATION_TTL_DAYS = 7;

type MembershipRow = { userId: number; role: Role; createdAt: Date; user: User };

const presentMember = (m: MembershipRow): z.output<typeof memberSchema> => ({
  userId: m.userId,
  email: m.user.email,
  firstName: m.user.firstName,
  lastName: m.user.lastName,
  role: dashed(m.role),
  joinedAt: m.createdAt,
});

const presentInvitation = (i: Invitation): z.output<typeof invitationSchema> => ({
  id: i.id,
  email: i.email,
  role: dashed(i.role),
  expiresAt: i.expiresAt,
  acceptedAt: i.acceptedAt,
  emailStatus: i.emailStatus as "pending" | "sent" | "failed" | null,
  emailError: i.emailError,
  createdAt: i.createdAt,
});

export async function listMembers(sc: ServiceContext, paging: ListMembersInput) {
  const where = textSearch(paging.q, ["user.email", "user.firstName", "user.lastName"]);
  const orderBy = orderByOf(MEMBER_SORT, "createdAt", paging);
  const [rows, total] = await Promise.all([
    sc.db.membership.findMany({ where, orderBy, include: { user: true }, ...skipTake(paging) }),
    sc.db.membership.count({ where }),
  ]);
  return {
    items: rows.map(presentMember),
    total,
    page: paging.page,
    limit: paging.limit,
  };
}

export async function listInvitations(sc: ServiceContext) {
  const rows = await sc.db.invitation.findMany({
    where: { acceptedAt: null, expiresAt: { gt: sc.services.now() } },
    orderBy: { id: "asc" },
  });
  return rows.map(presentInvitation);
}

/** Only owners may hand out or take away ownership. */
function assertMayGrant(callerRole: Role, role: Role) {
  if (role === "owner" && callerRole !== "owner")
    throw new AppError(403, ErrorCode.ROLE_REQUIRED, "Only owners can make someone an owner");
}

/** The caller's role, as the door found it (the operator acts as an owner). */
const callerRole = (sc: ServiceContext): Role => sc.actor.role ?? "read_only";

/**
 * Invites someone by email: an existing account becomes a member at once;
 * otherwise a one-time invitation link is created, e-mailed when the
 * workspace has an SMTP server (and returned to the admin either way).
 */
export async function invite(sc: ServiceContext<"jobs">, input: { email: string; role: RoleName }) {
  const role = undashed<Role>(input.role);
  return sc.db.$transaction(async (tx) => {
    assertMayGrant(callerRole(sc), role);
    const user = await tx.user.findUnique({ where: { email: input.email } });
    if (user) {
      if (await tx.membership.findFirst({ where: { userId: user.id } }))
        throw alreadyExists("email", `email: ${input.email} is already a member`);
      const m = await tx.membership.create({ data: { workspaceId: sc.workspaceId, userId: user.id, role } });
      await writeAudit(tx, sc.actor, {
        action: "member.add",
        resourceType: "user",
        resourceId: user.id,
        changes: { email: { before: null, after: user.email }, role: { before: null, after: input.role } },
      });
      return {
        member: presentMember({ ...m, user }),
        invitation: null,
        token: null,
      };
    }
    const { secret, hash } = newSecret("ems_inv_", 24);
    const invitation = await tx.invitation.create({
      data: {
        workspaceId: sc.workspaceId,
        email: input.email,
        role,
        tokenHash: hash,
        invitedByUserId: sc.actor.userId ?? null,
        expiresAt: new Date(sc.services.now().getTime() + INVITATION_TTL_DAYS * 86_400_000),
      },
    });
    await writeAudit(tx, sc.actor, {
      action: "invitation.create",
      resourceType: "invitation",
      resourceId: invitation.id,
      changes: { email: { before: null, after: input.email }, role: { before: null, after: input.role } },
    });
    // E-mailed when the workspace has an SMTP server, queued in this transaction (an invitation that rolls back sends
    // nothing); the token goes back to the admin all the same, who may pass the link on.
    const emailed = await queueInvitationMail(sc, tx, invitation.id, secret);
    return {
      member: null,
      invitation: presentInvitation(emailed ? { ...invitation, emailStatus: "pending" } : invitation),
      token: secret,
    };
  });
}

export async function revokeInvitation(sc: ServiceContext, id: number) {
  return sc.db.$transaction(async (tx) => {
    const inv = await tx.invitation.findUnique({ where: { id } });
    if (!inv || inv.acceptedAt) throw notFound("Invitation");
    await tx.invitation.delete({ where: { id } });
    await writeAudit(tx, sc.actor, {
      action: "invitation.revoke",
      resourceType: "invitation",
      resourceId: id,
      changes: { email: { before: inv.email, after: null } },
    });
    return { message: `Invitation for ${inv.email} revoked` };
  });
}

async function ownersLeft(tx: Pick<ServiceContext["db"], "membership">, exceptUserId: number) {
  return tx.membership.count({ where: { role: "owner", NOT: { userId: exceptUserId } } });
}

export async function changeRole(sc: ServiceContext, input: { userId: number; role: RoleName }) {
  const role = undashed<Role>(input.role);
  return sc.db.$transaction(async (tx) => {
    const m = await tx.membership.findFirst({ where: { userId: input.userId }, include: { user: true } });
    if (!m) throw notFound("Member");
    const mine = callerRole(sc);
    assertMayGrant(mine, role);
    assertMayGrant(mine, m.role);
    if (m.role === "owner" && role !== "owner" && (await ownersLeft(tx, m.userId)) === 0) {
      throw validationError("role", "the workspace needs at least one owner");
    }
    if (m.role !== role) {
      await tx.membership.update({ where: { id: m.id }, data: { role } });
      await writeAudit(tx, sc.actor, {
        action: "member.role",
        resourceType: "user",
        resourceId: m.userId,
        changes: { role: { before: dashed(m.role), after: input.role } },
      });
    }
    return presentMember({ ...m, role });
  });
}

export async function removeMember(sc: ServiceContext, userId: number) {
  return sc.db.$transaction(async (tx) => {
    const m = await tx.membership.findFirst({ where: { userId }, include: { user: true } });
    if (!m) throw notFound("Member");
    assertMayGrant(callerRole(sc), m.role);
    if (m.role === "owner" && (await ownersLeft(tx, userId)) === 0)
      throw validationError("userId", "the last owner cannot be removed");
    await tx.membership.delete({ where: { id: m.id } });
    await writeAudit(tx, sc.actor, {
      action: "member.remove",
      resourceType: "user",
      resourceId: userId,
      changes: { email: { before: m.user.email, after: null }, role: { before: dashed(m.role), after: null } },
    });
    return { message: `${m.user.email} removed from the workspace` };
  });
}

/** The pending invitation behind a link, for the accept page. */
export async function findInvitation(services: Services, token: string) {
  const inv = await services.db.prisma.invitation.findUnique({
    where: { tokenHash: hashSecret(token) },
    include: { workspace: { select: { name: true } } },
  });
  if (!inv || inv.acceptedAt || inv.expiresAt.getTime() <= services.now().getTime()) return null;
  const hasAccount = (await services.db.prisma.user.count({ where: { email: inv.email } })) > 0;
  return {
    email: inv.email,
    role: dashed(inv.role),
    workspaceId: inv.workspaceId,
    workspaceName: inv.workspace.name,
    hasAccount,
  };
}

/** Accepts an invitation: creates the account (or checks its password) and the membership. */
export async function acceptInvitation(
  services: Services,
  token: string,
  input: { password: string; firstName?: string; lastName?: string },
) {
  const inv = await services.db.prisma.invitation.findUnique({ where: { tokenHash: hashSecret(token) } });
  if (!inv || inv.acceptedAt || inv.expiresAt.getTime() <= services.now().getTime()) throw notFound("Invitation");
  const existing = await services.db.prisma.user.findUnique({ where: { email: inv.email } });
  if (existing && !(await verifyPassword(existing.passwordHash, input.password)))
    throw validationError("password", "does not match your account's password");
  if (!existing && input.password.length < 12) throw validationError("password", "must be at least 12 characters");
  const passwordHash = existing ? existing.passwordHash : await hashPassword(input.password);
  // The invitee enters as who they will be; their user id exists only inside the transaction.
  const invitee = {
    workspaceId: inv.workspaceId,
    type: "user",
    id: null,
    name: inv.email,
    channel: "dashboard",
    role: inv.role,
  } as const;
  return actAs(services, invitee, ({ db }) =>
    db.$transaction(async (tx) => {
      const claimed = await tx.invitation.updateMany({
        where: { id: inv.id, acceptedAt: null },
        data: { acceptedAt: new Date() },
      });
      if (claimed.count === 0) throw notFound("Invitation");
      const user =
        existing ??
        (await tx.user.create({
          data: { email: inv.email, passwordHash, firstName: input.firstName ?? "", lastName: input.lastName ?? "" },
        }));
      if (!(await tx.membership.findFirst({ where: { userId: user.id } }))) {
        await tx.membership.create({ data: { workspaceId: inv.workspaceId, userId: user.id, role: inv.role } });
      }
      await writeAudit(
        tx,
        {
          workspaceId: inv.workspaceId,
          type: "user",
          id: user.id,
          userId: user.id,
          name: user.email,
          channel: "dashboard",
        },
        {
          action: "member.join",
          resourceType: "user",
          resourceId: user.id,
          changes: { role: { before: null, after: dashed(inv.role) } },
        },
      );
      return { userId: user.id, email: user.email, workspaceId: inv.workspaceId };
    }),
  );
}
