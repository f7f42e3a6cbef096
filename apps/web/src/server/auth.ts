// Sign-in for people: email + password (Argon2id hashes, checked in core),
// JWT sessions in an HttpOnly cookie, the current workspace in the token.
import type { NextAuthOptions, Session } from "next-auth";
import { getServerSession } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { isMember, sessionVersionFor, verifyCredentials, type DashboardSession } from "@ems/core";
import { services } from "./services";

/** Session length: EMS_SESSION_MAX_AGE seconds, default 8 hours. */
const maxAge = Number(process.env.EMS_SESSION_MAX_AGE ?? 8 * 3600);

declare module "next-auth" {
  interface Session {
    userId: number;
    workspaceId: number;
    /** The user's session version at sign-in: a password change since has ended this session (core's door). */
    sessionVersion: number;
  }
  interface User {
    workspaceId: number;
    sessionVersion: number;
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    userId?: number;
    workspaceId?: number;
    sessionVersion?: number;
  }
}

export const authOptions: NextAuthOptions = {
  secret: process.env.NEXTAUTH_SECRET,
  session: { strategy: "jwt", maxAge },
  jwt: { maxAge },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials) {
        if (!credentials?.email || !credentials.password) return null;
        const user = await verifyCredentials(services(), credentials.email, credentials.password);
        if (!user) return null;
        return {
          id: String(user.id),
          email: user.email,
          name: user.name,
          workspaceId: user.workspaceIds[0]!,
          sessionVersion: user.sessionVersion,
        };
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user, trigger, session }) {
      if (user) {
        token.userId = Number(user.id);
        token.workspaceId = user.workspaceId;
        token.sessionVersion = user.sessionVersion;
      }
      if (trigger === "update" && token.userId) {
        const asked = (session ?? {}) as { workspaceId?: unknown; password?: unknown };
        // The workspace switcher: only to a workspace the user belongs to.
        const wanted = Number(asked.workspaceId);
        if (Number.isInteger(wanted) && (await isMember(services(), token.userId, wanted))) token.workspaceId = wanted;
        // After its own password change this session goes on, proving it holds the new password: a session that
        // cannot (another device, a stolen cookie) stays ended.
        if (typeof asked.password === "string") {
          const version = await sessionVersionFor(services(), token.userId, asked.password);
          if (version !== null) token.sessionVersion = version;
        }
      }
      return token;
    },
    async session({ session, token }) {
      session.userId = token.userId!;
      session.workspaceId = token.workspaceId!;
      session.sessionVersion = token.sessionVersion ?? 0;
      return session;
    },
  },
};

export const currentSession = (): Promise<Session | null> => getServerSession(authOptions);

/** What core's door checks of a session. */
export const dashboardSession = (s: Session): DashboardSession => ({
  userId: s.userId,
  workspaceId: s.workspaceId,
  sessionVersion: s.sessionVersion,
});
