// Next 16's middleware: dashboard pages need a session (the pages check
// again, with the database, that it is still valid).
import { withAuth } from "next-auth/middleware";

export default withAuth({ pages: { signIn: "/login" } });

export const config = {
  matcher: [
    "/projects/:path*",
    "/assets/:path*",
    "/scans/:path*",
    "/issues/:path*",
    "/findings/:path*",
    "/ports/:path*",
    "/audit-log/:path*",
    "/settings/:path*",
  ],
};
