// People. Passwords are hashed with Argon2id (memory-hard).
import { hash, verify } from "@node-rs/argon2";
import type { Role } from "@ems/db";
import { changesOf, writeAudit } from "../audit/write.ts";
import type { Services } from "../context.ts";
import { validationError } from "../errors.ts";
import { operatorActor, type OperatorMeta } from "../door.ts";
import { requireWorkspace } from "../workspaces/workspaces.service.ts";
import { undashed } from "../enum-names.ts";

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
  if (input.password.length < 12) throw validationError("password", "must be at least 12 characters");
  if (input.password.length > 1024) throw validationError("password", "must be at most 1024 characters");
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
