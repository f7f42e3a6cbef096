import { describe, expect, it } from "vitest";
import { clientAddress, clientErrorBody, edgeSettingsFromEnv, requestHost } from "./http-edge.ts";

describe("the HTTP edge both servers share", () => {
  it("reads EMS_BODY_LIMIT and EMS_TRUST_PROXY, and stops on a bad value naming it", () => {
    expect(edgeSettingsFromEnv({})).toEqual({ bodyLimit: 1048576, trustProxy: false });
    expect(edgeSettingsFromEnv({ EMS_BODY_LIMIT: "2048", EMS_TRUST_PROXY: "true" })).toEqual({
      bodyLimit: 2048,
      trustProxy: true,
    });
    expect(edgeSettingsFromEnv({ EMS_TRUST_PROXY: "1" }).trustProxy).toBe(true);
    expect(() => edgeSettingsFromEnv({ EMS_BODY_LIMIT: "1e6" })).toThrow(/EMS_BODY_LIMIT/);
    expect(() => edgeSettingsFromEnv({ EMS_TRUST_PROXY: "yes" })).toThrow(/EMS_TRUST_PROXY/);
  });

  it("takes the client's address and host from X-Forwarded-* only behind a trusted proxy", () => {
    expect(clientAddress("10.0.0.2", "6.6.6.6, 10.0.0.1", false)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 10.0.0.1", true)).toBe("6.6.6.6");
    expect(clientAddress("10.0.0.2", undefined, true)).toBe("10.0.0.2");
    expect(requestHost("dash.example", "evil.example", false)).toBe("dash.example");
    expect(requestHost("10.0.0.5:3000", "dash.example", true)).toBe("dash.example");
  });

  it("tells an overlong request line (414) from overlong headers (431), a timeout (408) and garbage (400)", () => {
    const overflow = (packet: string) =>
      Object.assign(new Error("x"), { code: "HPE_HEADER_OVERFLOW", rawPacket: Buffer.from(packet) });
    expect(clientErrorBody(overflow(`GET /${"a".repeat(20000)}`))).toMatchObject({ status: 414, code: "URI_TOO_LONG" });
    expect(clientErrorBody(overflow(`GET / HTTP/1.1\r\nX-A: ${"a".repeat(20000)}`))).toMatchObject({
      status: 431,
      code: "HEADERS_TOO_LARGE",
    });
    expect(clientErrorBody(Object.assign(new Error("t"), { code: "ERR_HTTP_REQUEST_TIMEOUT" }))).toMatchObject({
      status: 408,
      code: "REQUEST_TIMEOUT",
    });
    expect(clientErrorBody(Object.assign(new Error("m"), { code: "HPE_INVALID_METHOD" }))).toMatchObject({
      status: 400,
      code: "MALFORMED_REQUEST",
      field: "request",
    });
  });
});
