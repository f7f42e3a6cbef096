// What the Spring Boot Actuator checks share (exposed-endpoint/spring-actuator*.ts): the documentation they cite, the
// common half of their remediation, and how Actuator answers (its media type; its JSON 404 for an endpoint that is
// not exposed), so that the stand-ins and clean twins speak as Actuator does.
import { json, CVSS_READ_LOW } from "./declare.ts";
import type { HttpCheck } from "./format/index.ts";

export const ACTUATOR_API = "https://docs.spring.io/spring-boot/api/rest/actuator";
export const ACTUATOR_SECURITY =
  "https://docs.spring.io/spring-boot/reference/actuator/endpoints.html#actuator.endpoints.security";
export const EXPOSE_LESS =
  "Expose only what monitoring needs (management.endpoints.web.exposure.include=health), require authentication " +
  "for the rest (Spring Security on EndpointRequest.toAnyEndpoint()), or serve them on an internal port " +
  "(management.server.port).";

/** Actuator answers with its own media type. */
export const actuator = (value: unknown) =>
  json(value, 200, { "content-type": "application/vnd.spring-boot.actuator.v3+json" });

/** What Spring Boot answers for an endpoint that is not exposed: its JSON error, 404. */
export const hidden = (path: string) =>
  json({ timestamp: "2026-03-02T10:00:00.000+00:00", status: 404, error: "Not Found", path }, 404);

type Filled = "kind" | "category" | "protocol" | "references" | "remediation" | "cwe" | "cvss";
export interface ActuatorSpec extends Omit<HttpCheck, Filled> {
  /** kind = http.exposed.spring-<slug> */
  slug: string;
  /** The Actuator endpoints the check proves (their documentation pages, and what the default advice removes). */
  endpoints: string[];
  /** Default: remove the endpoints from the exposed ones, then the common advice. */
  remediation?: string;
  /** Default [200]. */
  cwe?: number[];
  /** Default CVSS_READ_LOW (the endpoint tells an attacker about the application, nothing more). */
  cvss?: string;
}

/** One Actuator endpoint exposed: its own kind, its documentation, the common advice. */
export function actuatorEndpoint({ slug, endpoints, remediation, cwe, cvss, ...rest }: ActuatorSpec): HttpCheck {
  return {
    kind: `http.exposed.spring-${slug}`,
    category: "exposed-endpoint",
    protocol: "http",
    remediation: remediation ?? `Remove ${endpoints.join(" and ")} from the exposed endpoints. ${EXPOSE_LESS}`,
    references: [...endpoints.map((e) => `${ACTUATOR_API}/${e}.html`), ACTUATOR_SECURITY],
    cwe: cwe ?? [200],
    cvss: cvss ?? CVSS_READ_LOW,
    ...rest,
  };
}
