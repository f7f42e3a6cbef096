import type { Services } from "../service-context.ts";
import type { ServiceContext } from "../service-context.ts";
import { displayName } from "../users/display-name.ts";
import type { ChangePasswordInput, SetNameInput } from "../users/users.schemas.ts";
import { setUserName, setUserPassword, verifyPassword, type ActorIn } from "../users/users.service.ts";
import { dashed } from "../enum-names.ts";

/** Email + password sign-in: the user and the workspaces they belong to, or null. */
export async function verifyCredentials(services: Pick<Services, "db">, email: string, password: string) {
  const user = await services.db.prisma.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    include: { memberships: { orderBy: { workspaceId: "asc" }, select: { workspaceId: true } } },
  });
  // Hash anyway for unknown emails, so timing does not tell which emails exist.
  const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
  if (!user || !ok || user.memberships.length === 0) return null;
  return {
    id: user.id,
    email: user.email,
    name: displayName(user),
    workspaceIds: user.memberships.map((m) => m.workspaceId),
    sessionVersion: user.sessionVersion,
  };
}

// An Argon2id hash of a random string, verified against for unknown emails.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$zgDAm4D1RdGMRXDG+NO7UA$HoJBaImW/OTyFChdYMjimk+OFqeQMLo2qt1MWc/ThhI";

/** Whether the user may act in the workspace (session checks, workspace switch). */
export async function isMember(services: Pick<Services, "db">, userId: number, workspaceId: number) {
  const m = await services.db.prisma.membership.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { id: true },
  });
  return m !== null;
}

/** Who the signed-in user is, where, and where else they could be (across workspaces: the unscoped client). */
export async function describeMe(sc: ServiceContext<"db">) {
  const workspaceId = sc.workspaceId;
  const user = await sc.services.db.prisma.user.findUniqueOrThrow({
    where: { id: sc.actor.userId },
    select: {
      id: true,
      email: true,
      firstName: true,
      lastName: true,
      memberships: {
        orderBy: { workspaceId: "asc" },
        select: { role: true, workspace: { select: { id: true, name: true, plan: true } } },
      },
    },
  });
  const current = user.memberships.find((m) => m.workspace.id === workspaceId)!;
  return {
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName },
    workspace: current.workspace,
    role: dashed(current.role),
    workspaces: user.memberships.map((m) => ({ id: m.workspace.id, name: m.workspace.name, role: dashed(m.role) })),
  };
}

/** The signed-in person, acting on their own account: in every workspace they belong to, as themselves. */
const myself =
  (sc: ServiceContext): ActorIn =>
  (workspaceId) => ({ ...sc.actor, workspaceId });

export async function setMyName(sc: ServiceContext<"db">, input: SetNameInput) {
  await setUserName(sc.services, sc.actor.userId!, input, myself(sc));
  return describeMe(sc);
}

export async function changeMyPassword(sc: ServiceContext<"db">, input: ChangePasswordInput) {
  await setUserPassword(sc.services, sc.actor.userId!, input, myself(sc));
  return { message: "Password changed. Your sessions elsewhere have ended; this one goes on." };
}
