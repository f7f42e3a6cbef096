// next-auth (sign-in, sign-out, session). Its forms are small: the body is read here first, at most
// EMS_BODY_LIMIT (413 in the common error shape past it), so next-auth never buffers a larger one.
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { errorAnswer, toWebResponse } from "@ems/core";
import { authOptions } from "@/server/auth";
import { readBodyWithin } from "@/server/request";

const nextAuth = NextAuth(authOptions);

async function handler(req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) {
  if (req.method !== "POST") return nextAuth(req, ctx);
  let body: ArrayBuffer;
  try {
    body = await readBodyWithin(req);
  } catch (err) {
    return toWebResponse(errorAnswer(err));
  }
  return nextAuth(new NextRequest(req.url, { method: req.method, headers: req.headers, body }), ctx);
}

export { handler as GET, handler as POST };
