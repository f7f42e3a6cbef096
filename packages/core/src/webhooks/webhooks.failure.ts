// Why a delivery attempt failed, as the delivery log keeps it: a class and a
// message of our own words. Never the receiver's reply (with private ranges
// allowed for scanning, storing it would make webhooks a tool to read pages
// in those ranges), never the URL (a secret), never an address the host
// resolved to (refusals would map internal DNS). docs/api.md, Webhooks.
import { FetchRefused } from "@ems/scanners";

export const DELIVERY_ERROR_CLASSES = [
  "http-status",
  "timeout",
  "connection",
  "tls",
  "dns",
  "address-refused",
  "invalid-url",
  "endpoint-disabled",
  "smtp",
  "smtp-not-configured",
  "other",
] as const;
export type DeliveryErrorClass = (typeof DELIVERY_ERROR_CLASSES)[number];

export interface DeliveryFailure {
  errorClass: DeliveryErrorClass;
  message: string;
}

export const ENDPOINT_DISABLED: DeliveryFailure = {
  errorClass: "endpoint-disabled",
  message: "not sent: the endpoint is disabled",
};

export const SMTP_NOT_CONFIGURED: DeliveryFailure = {
  errorClass: "smtp-not-configured",
  message: "not sent: the workspace has no SMTP server (Settings → E-mail)",
};

/** A non-2xx answer: its status only. */
export const statusFailure = (status: number): DeliveryFailure => ({
  errorClass: "http-status",
  message: `the endpoint answered ${status}${status >= 300 && status < 400 ? " (redirects are not followed)" : ""}`,
});

const CONNECTION: Record<string, string> = {
  ECONNREFUSED: "the connection was refused",
  ECONNRESET: "the connection was reset",
  EHOSTUNREACH: "the host is unreachable",
  ENETUNREACH: "the host is unreachable",
  EPIPE: "the connection was closed while sending",
};

/** Error codes are fixed tokens (no addresses, no URLs): safe to show. */
export function connectionFailure(code: string | undefined): DeliveryFailure {
  if (code && CONNECTION[code]) return { errorClass: "connection", message: CONNECTION[code] };
  if (code?.startsWith("HPE_")) return { errorClass: "connection", message: `the answer was not valid HTTP (${code})` };
  // Node's TLS verification codes (CERT_HAS_EXPIRED, DEPTH_ZERO_SELF_SIGNED_CERT, ERR_TLS_CERT_ALTNAME_INVALID…).
  if (code && /CERT|SSL|TLS|EPROTO|SELF_SIGNED|UNABLE_TO/.test(code))
    return { errorClass: "tls", message: `the TLS handshake or certificate check failed (${code})` };
  return { errorClass: "connection", message: code ? `the connection failed (${code})` : "the connection failed" };
}

/** Any error of an attempt (safeFetch's refusals and network errors) in the log's words. */
export function describeDeliveryError(err: unknown, timeoutMs: number): DeliveryFailure {
  if (!(err instanceof FetchRefused)) return { errorClass: "other", message: "the attempt failed unexpectedly" };
  switch (err.reason) {
    case "private-address":
      return {
        errorClass: "address-refused",
        message: "the host resolves to a private address, which this server may not contact",
      };
    case "dns":
      return { errorClass: "dns", message: "the host name does not resolve to an address" };
    case "dns-failed":
      return { errorClass: "dns", message: "the DNS servers did not answer for the host name (try again later)" };
    case "timeout":
      return { errorClass: "timeout", message: `no complete answer within ${timeoutMs} ms` };
    case "connection":
      return connectionFailure(err.code);
    case "invalid-url":
      return { errorClass: "invalid-url", message: "the URL is not an http(s) URL this server can send to" };
    case "redirect-not-covered":
    case "too-many-redirects":
      return { errorClass: "http-status", message: "the endpoint redirected (redirects are not followed)" };
  }
}
