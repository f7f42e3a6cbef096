// Sign-in for people: email + password (Argon2id hashes, checked in core),
// JWT sessions in an HttpOnly cookie, the current workspace in the token.
import type { NextAuthOptions, Session } from "next-auth";
import { getServerSession } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { isMember, verifyCredentials } from "@ems/core";
import { services } from "./services";

/** Session length: EMS_SESSION_MAX_AGE seconds, default 8 hours. */
const maxAge = Number(process.env.EMS_SESSION_MAX_AGE ?? 8 * 3600);

declare module "next-auth" {
  interface Session {
    userId: number;
    workspaceId: number;
  }
  interface User {
    workspaceId: number;
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    userId?: number;
    workspaceId?: number;
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
        return { id: String(user.id), email: user.email, name: user.name, workspaceId: user.workspaceIds[0]! };
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user, trigger, session }) {
      if (user) {
        token.userId = Number(user.id);
        token.workspaceId = user.workspaceId;
      }
      // The workspace switcher: only to a workspace the user belongs to.
      if (trigger === "update" && token.userId) {
        const wanted = Number((session as { workspaceId?: unknown } | undefined)?.workspaceId);
        if (Number.isInteger(wanted) && (await isMember(services(), token.userId, wanted))) token.workspaceId = wanted;
      }
      return token;
    },
    async session({ session, token }) {
      session.userId = token.userId!;
      session.workspaceId = token.workspaceId!;
      return session;
    },
  },
};

export const currentSession = (): Promise<Session | null> => getServerSession(authOptions);
