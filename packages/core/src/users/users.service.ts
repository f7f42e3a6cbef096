// People. Passwords are hashed with Argon2id (memory-hard).
import { hash, verify } from "@node-rs/argon2";
import type { Prisma, Role } from "@ems/db";
import { changesOf, writeAudit, type AuditInput } from "../audit/write.ts";
import { type Actor } from "../actors.ts";
import type { Services } from "../service-context.ts";
import { notFound, validationError } from "../errors.ts";
import { operatorActor, type OperatorMeta } from "../actors.ts";
import { requireWorkspace } from "../workspaces/workspaces.service.ts";
import { undashed } from "../enum-names.ts";
import { MAX_PASSWORD, MIN_PASSWORD, type SetNameInput } from "./users.schemas.ts";

export const ROLES: readonly Role[] = ["owner", "admin", "member", "read_only"];
export const roleFromName = (name: string): Role | undefined => ROLES.find((r) => r === undashed(name));

export const hashPassword = (password: string) => hash(password);
export const verifyPassword = (passwordHash: string, password: string) =>
  verify(passwordHash, password).catch(() => false);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Creates the user (or finds them, when the password matches) and makes them
 * a member of the workspace with the role.
 */
export async function createUserInWorkspace(
  services: Services,
  input: { workspaceId: number; email: string; password: string; role?: string; firstName?: string; lastName?: string },
  op: OperatorMeta,
) {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 320) throw validationError("email", "must be an email address");
  checkNewPassword("password", input.password);
  const role = roleFromName(input.role ?? "member");
  if (!role) throw validationError("role", "must be one of owner, admin, member, read-only");
  await requireWorkspace(services, input.workspaceId);

  const existing = await services.db.prisma.user.findUnique({ where: { email } });
  if (existing && !(await verifyPassword(existing.passwordHash, input.password))) {
    throw validationError("password", "a user with this email exists and the password does not match");
  }
  const passwordHash = existing ? existing.passwordHash : await hashPassword(input.password);
  return services.db.prisma.$transaction(async (tx) => {
    const user =
      existing ??
      (await tx.user.create({
        data: { email, passwordHash, firstName: input.firstName ?? "", lastName: input.lastName ?? "" },
      }));
    const clash = await tx.membership.findUnique({
      where: { workspaceId_userId: { workspaceId: input.workspaceId, userId: user.id } },
    });
    if (clash) throw validationError("email", `${email} is already a member of workspace ${input.workspaceId}`);
    const membership = await tx.membership.create({ data: { workspaceId: input.workspaceId, userId: user.id, role } });
    await writeAudit(tx, operatorActor(input.workspaceId, op), {
      action: "member.add",
      resourceType: "user",
      resourceId: user.id,
      changes: { email: { before: null, after: email }, ...changesOf(null, membership, ["role"]) },
    });
    return { user: { id: user.id, email: user.email }, role };
  });
}

function checkNewPassword(field: string, password: string) {
  if (password.length < MIN_PASSWORD) throw validationError(field, `must be at least ${MIN_PASSWORD} characters`);
  if (password.length > MAX_PASSWORD) throw validationError(field, `must be at most ${MAX_PASSWORD} characters`);
}

/** Who changes a person (the person in the dashboard, the operator), as an actor in each of their workspaces. */
export type ActorIn = (workspaceId: number) => Actor;

/** The operator (CLI) acting on a person. */
export const operatorIn =
  (op: OperatorMeta): ActorIn =>
  (workspaceId) =>
    operatorActor(workspaceId, op);

/** A person's name and password are theirs in every workspace: each workspace's log records the change. */
async function auditInEvery(
  tx: Prisma.TransactionClient,
  userId: number,
  actorIn: ActorIn,
  entry: Omit<AuditInput, "resourceType" | "resourceId">,
) {
  const memberships = await tx.membership.findMany({ where: { userId }, select: { workspaceId: true } });
  for (const { workspaceId } of memberships)
    await writeAudit(tx, actorIn(workspaceId), { ...entry, resourceType: "user", resourceId: userId });
}

/** Sets a person's first and last name (either may be empty), audited as `user.update`. */
export async function setUserName(
  services: Pick<Services, "db">,
  userId: number,
  name: SetNameInput,
  actorIn: ActorIn,
) {
  return services.db.prisma.$transaction(async (tx) => {
    const before = await tx.user.findUnique({ where: { id: userId } });
    if (!before) throw notFound("User");
    const after = await tx.user.update({ where: { id: userId }, data: name });
    const changes = changesOf(before, after, ["firstName", "lastName"]);
    if (Object.keys(changes).length) await auditInEvery(tx, userId, actorIn, { action: "user.update", changes });
    return { id: after.id, email: after.email, firstName: after.firstName, lastName: after.lastName };
  });
}

/**
 * Sets a person's password (an Argon2id hash) and ends their dashboard sessions: the user's session version moves
 * on, so every session signed in before answers 401 from its next request (door.ts). With `current`, the password
 * it replaces must be given (the person themselves); the operator sets one without. Audited as
 * `user.password-change`, without either password.
 */
export async function setUserPassword(
  services: Pick<Services, "db">,
  userId: number,
  input: { newPassword: string; currentPassword?: string },
  actorIn: ActorIn,
) {
  checkNewPassword("newPassword", input.newPassword);
  const user = await services.db.prisma.user.findUnique({ where: { id: userId } });
  if (!user) throw notFound("User");
  if (input.currentPassword !== undefined && !(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw validationError("currentPassword", "does not match your password");
  const passwordHash = await hashPassword(input.newPassword);
  return services.db.prisma.$transaction(async (tx) => {
    // Only over the hash just checked: of two changes at once, the second finds it gone and changes nothing.
    const changed = await tx.user.updateMany({
      where: { id: userId, passwordHash: user.passwordHash },
      data: { passwordHash, sessionVersion: { increment: 1 } },
    });
    if (changed.count === 0) throw validationError("currentPassword", "does not match your password");
    await auditInEvery(tx, userId, actorIn, { action: "user.password-change", changes: {} });
    const { sessionVersion } = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { sessionVersion: true },
    });
    return { sessionVersion };
  });
}

/** The user's session version, for a session that proves it holds `password` (re-signed after its own change). */
export async function sessionVersionFor(services: Pick<Services, "db">, userId: number, password: string) {
  const user = await services.db.prisma.user.findUnique({
    where: { id: userId },
    select: { passwordHash: true, sessionVersion: true },
  });
  return user && (await verifyPassword(user.passwordHash, password)) ? user.sessionVersion : null;
}

/** The user behind an email address (the CLI names people by it). */
export async function userByEmail(services: Pick<Services, "db">, email: string) {
  const user = await services.db.prisma.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw validationError("email", `no user has the email ${email.trim().toLowerCase()}`);
  return user;
}
