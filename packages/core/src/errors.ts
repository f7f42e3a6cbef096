// One error shape for every error, REST and tRPC alike:
//   { code: "VALIDATION_ERROR", message: "name: Too long", status: 400, field?: "name", issues?: [...] }
// Procedures throw AppError; anything else (zod input errors, Prisma's
// not-found and unique violations, adapter errors) is mapped here once.
import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/unstable-core-do-not-import";
import { Prisma } from "@ems/db";
import { ErrorCode, type ErrorBody, type FieldIssue } from "./error-codes.ts";

export { ErrorCode, type ErrorBody, type FieldIssue };

const TRPC_CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  409: "CONFLICT",
  410: "NOT_FOUND",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

export class AppError extends TRPCError {
  readonly status: number;
  readonly appCode: string;
  readonly field?: string;
  readonly issues?: FieldIssue[];
  /** Extra response headers (e.g. Retry-After). */
  readonly headers?: Record<string, string>;

  constructor(
    status: number,
    appCode: string,
    message: string,
    opts: { field?: string; issues?: FieldIssue[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super({ code: TRPC_CODE_BY_STATUS[status] ?? "INTERNAL_SERVER_ERROR", message, cause: opts.cause });
    this.status = status;
    this.appCode = appCode;
    this.field = opts.field;
    this.issues = opts.issues;
    this.headers = opts.headers;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { code: this.appCode, message: this.message, status: this.status };
    if (this.field) body.field = this.field;
    if (this.issues) body.issues = this.issues;
    return body;
  }
}

export const validationError = (field: string, message: string) =>
  new AppError(400, ErrorCode.VALIDATION_ERROR, `${field}: ${message}`, { field, issues: [{ field, message }] });

export const notFound = (resource: string) => new AppError(404, ErrorCode.NOT_FOUND, `${resource} not found`);

export const alreadyExists = (field: string, message: string) =>
  new AppError(409, ErrorCode.ALREADY_EXISTS, message, { field });

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

function isZodLike(err: unknown): err is { issues: IssueLike[] } {
  return typeof err === "object" && err !== null && Array.isArray((err as { issues?: unknown }).issues);
}

function fieldOf(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join(".") : "body";
}

/** Maps any thrown value to the AppError the caller should see. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const cause = err instanceof TRPCError ? err.cause : err;
  if (cause instanceof AppError) return cause;
  if (err instanceof TRPCError && err.code === "BAD_REQUEST" && isZodLike(cause)) {
    const issues = cause.issues.map((i) => ({ field: fieldOf(i.path), message: i.message }));
    const first = issues[0]!;
    return new AppError(400, ErrorCode.VALIDATION_ERROR, `${first.field}: ${first.message}`, {
      field: first.field,
      issues,
    });
  }
  if (cause instanceof Prisma.PrismaClientKnownRequestError) {
    if (cause.code === "P2025") return notFound(cause.meta?.modelName ? String(cause.meta.modelName) : "Resource");
    if (cause.code === "P2002") {
      const target = cause.meta?.target;
      const field = Array.isArray(target) ? String(target[target.length - 1]) : "body";
      return alreadyExists(field, `${field}: already in use`);
    }
  }
  if (err instanceof TRPCError) {
    const status = Object.entries(TRPC_CODE_BY_STATUS).find(([, code]) => code === err.code)?.[0];
    if (err.code === "PARSE_ERROR")
      return new AppError(400, ErrorCode.INVALID_JSON, "body: not valid JSON", { field: "body" });
    if (err.code === "PAYLOAD_TOO_LARGE")
      return new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, "body: too large", { field: "body" });
    if (err.code === "UNSUPPORTED_MEDIA_TYPE") return new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, err.message);
    if (err.code === "NOT_FOUND") return new AppError(404, ErrorCode.ROUTE_NOT_FOUND, err.message);
    if (status) return new AppError(Number(status), err.code, err.message);
  }
  return new AppError(500, ErrorCode.INTERNAL_ERROR, "Internal error", { cause: err });
}
