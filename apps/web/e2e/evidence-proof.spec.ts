// What proved a finding, in words, for each kind of evidence the scanners store (issue 26, item 11). Plain
// functions: no page needed; the issue page itself is in readable.spec.ts.
import { proofOf } from "../src/components/evidence-proof";
import { expect, test } from "./fixtures";

const http = {
  url: "https://shop.test/.env",
  request: "GET /.env HTTP/1.1\r\nhost: shop.test",
  response: "HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\nDB_PASSWORD=hunter2",
};

test("template matches: the status in the sentence, the matched text quoted, the size matcher left out", () => {
  expect(
    proofOf({
      scanner: "templates",
      kind: "http.exposed.env",
      evidence: { ...http, matched: "DB_PASSWORD=h\n200\nsize 20" },
    }),
  ).toEqual({
    summary: "We asked for https://shop.test/.env and the server answered 200 OK, with:",
    quotes: ["DB_PASSWORD=h"],
  });
  // A status matcher alone: nothing to quote.
  expect(proofOf({ scanner: "templates", kind: "template.x", evidence: { ...http, matched: "200" } })).toEqual({
    summary: "We asked for https://shop.test/.env and the server answered 200 OK.",
    quotes: [],
  });
});

test("open ports, services without a password, TLS and technologies each say what answered", () => {
  expect(
    proofOf({
      scanner: "port-scan",
      kind: "port.open.6379",
      evidence: { url: "tcp://db.test:6379", banner: "redis", matched: "-NOAUTH" },
    }),
  ).toEqual({ summary: "db.test:6379 accepted a connection and introduced itself as:", quotes: ["-NOAUTH"] });
  expect(proofOf({ scanner: "port-scan", kind: "port.open.22", evidence: { url: "tcp://db.test:22" } }).summary).toBe(
    "db.test:22 accepted a connection.",
  );
  expect(
    proofOf({
      scanner: "port-scan",
      kind: "service.unauthenticated.redis",
      evidence: { url: "tcp://db.test:6379", matched: "+PONG; redis_version:7.2.4" },
    }),
  ).toEqual({
    summary: "db.test:6379 answered us without asking for a password, with:",
    quotes: ["+PONG; redis_version:7.2.4"],
  });
  expect(
    proofOf({
      scanner: "tls",
      kind: "tls.self-signed",
      evidence: { url: "https://shop.test:443", verifyError: "DEPTH_ZERO_SELF_SIGNED_CERT" },
    }).summary,
  ).toBe(
    "Seen in the TLS handshake with https://shop.test:443 (the certificate check said: DEPTH_ZERO_SELF_SIGNED_CERT).",
  );
  expect(
    proofOf({
      scanner: "technologies",
      kind: "tech.nginx",
      evidence: { url: "https://shop.test/", matched: "Server: nginx/1.25.3" },
    }),
  ).toEqual({ summary: "Recognised on https://shop.test/ from:", quotes: ["Server: nginx/1.25.3"] });
  // Nothing but a URL, or nothing at all: still a sentence.
  expect(proofOf({ scanner: "http", kind: "http.x", evidence: { url: "https://shop.test/" } }).summary).toBe(
    "Seen at https://shop.test/.",
  );
  expect(proofOf({ scanner: "http", kind: "http.x", evidence: {} }).summary).toBe("Seen by the scan.");
});

test("the check catalogue's evidence: DNS records and a service's conversation read as sentences", () => {
  expect(
    proofOf({
      scanner: "dns",
      kind: "dns.spf-permissive",
      evidence: { url: "dns://shop.test", matched: "v=spf1 +all" },
    }),
  ).toEqual({ summary: "Seen in the DNS records of shop.test:", quotes: ["v=spf1 +all"] });
  expect(proofOf({ scanner: "dns", kind: "dns.dmarc-missing", evidence: { url: "dns://shop.test" } }).summary).toBe(
    "Seen in the DNS records of shop.test.",
  );
  expect(
    proofOf({
      scanner: "templates",
      kind: "service.default-login.ftp",
      evidence: {
        url: "tcp://files.test:21",
        transcript: "< 220 ready\n> USER anonymous\n< 230 Login successful",
        matched: "230 Login successful",
      },
    }),
  ).toEqual({ summary: "We talked to files.test:21 and it answered, with:", quotes: ["230 Login successful"] });
});
