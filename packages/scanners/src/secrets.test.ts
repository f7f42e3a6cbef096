import { describe, expect, it } from "vitest";
import { findSecrets, loginAccepted, maskOf, SECRET_PATTERNS } from "./secrets.ts";

/** The values findSecrets finds in a text, with their labels. */
const found = (text: string) => findSecrets(text).map((s) => [s.label, text.slice(s.start, s.end)]);

// One sample per pattern of the table: the value each must find, and a near miss it must leave alone.
const PRIVATE_KEY = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bq\n-----END RSA PRIVATE KEY-----";
const SAMPLES: Record<string, { text: string; value: string; label: string; miss: string }> = {
  "private-key": {
    text: PRIVATE_KEY,
    value: "\nMIIEowIBAAKCAQEA7bq\n",
    label: "private key",
    miss: "-----BEGIN PUBLIC KEY-----\nMIIBIjAN\n-----END PUBLIC KEY-----",
  },
  "aws-access-key-id": {
    text: "key AKIAZ7QW3ERTY5UIOPAS here",
    value: "AKIAZ7QW3ERTY5UIOPAS",
    label: "AWS access key ID",
    miss: "AKIAshort",
  },
  "aws-secret-access-key": {
    text: "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKE",
    value: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKE",
    label: "AWS secret access key",
    miss: "aws_region = eu-west-1",
  },
  "gcp-api-key": {
    text: "key=AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW&x",
    value: "AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW",
    label: "Google API key",
    miss: "AIzaTooShort",
  },
  "azure-storage-key": {
    text: `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${"A".repeat(86)}==;EndpointSuffix=x`,
    value: `${"A".repeat(86)}==`,
    label: "Azure storage account key",
    miss: "AccountName=acme;",
  },
  "github-token": {
    text: "ghp_0123456789abcdefghijABCDEFGHIJ012345",
    value: "ghp_0123456789abcdefghijABCDEFGHIJ012345",
    label: "GitHub token",
    miss: "ghp_short",
  },
  "github-pat": {
    text: "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
    value: "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
    label: "GitHub token",
    miss: "github_pat_",
  },
  "gitlab-token": {
    text: "glpat-Ab3dEfGh1jKlMnOpQr5t",
    value: "glpat-Ab3dEfGh1jKlMnOpQr5t",
    label: "GitLab token",
    miss: "glpat-short",
  },
  "slack-token": {
    text: "xoxb-123456789012-1234567890123-abcdefghij",
    value: "xoxb-123456789012-1234567890123-abcdefghij",
    label: "Slack token",
    miss: "xoxz-123456789012",
  },
  "slack-webhook": {
    text: "https://hooks.slack.com/services/T0123ABCD/B0123ABCD/abcdefghijklmnop",
    value: "T0123ABCD/B0123ABCD/abcdefghijklmnop",
    label: "Slack webhook URL",
    miss: "https://hooks.slack.com/",
  },
  "stripe-key": {
    text: "sk_live_51Habcdefghijklmnop",
    value: "sk_live_51Habcdefghijklmnop",
    label: "Stripe key",
    miss: "pk_live_51Habcdefghijklmnop",
  },
  jwt: {
    text: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTYifQ.SflKxwRJSMeKKF2QT4fwpM",
    value: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTYifQ.SflKxwRJSMeKKF2QT4fwpM",
    label: "JSON Web Token",
    miss: "eyJhbGciOiJIUzI1NiJ9",
  },
  "url-credentials": {
    text: "DATABASE_URL=postgres://shop:hunter22@db.internal:5432/shop",
    value: "hunter22",
    label: "password in URL (postgres://shop)",
    miss: "https://db.internal:5432/shop",
  },
  "authorization-header": {
    text: "GET / HTTP/1.1\r\nAuthorization: Basic YWRtaW46YWRtaW4=\r\n",
    value: "YWRtaW46YWRtaW4=",
    label: "Authorization header",
    miss: "X-Authorization-Mode: none",
  },
  "set-cookie": {
    text: "set-cookie: session=8f14e45fceea167a; Path=/; HttpOnly",
    value: "8f14e45fceea167a",
    label: "cookie session",
    miss: "x-set-cookie-policy: strict",
  },
  "cookie-header": {
    text: "Cookie: sid=abc123; theme=dark",
    value: "sid=abc123; theme=dark",
    label: "Cookie header",
    miss: "cookies: none",
  },
  "default-login": {
    text: `${loginAccepted("admin", "tomcat")}\nManager App`,
    value: "tomcat",
    label: "password of admin",
    miss: "admin / tomcat refused",
  },
  assignment: {
    text: 'DB_PASSWORD=s3cr3t-Pa55\n"api_token": "tok-9fj3k2"',
    value: "s3cr3t-Pa55",
    label: "value of DB_PASSWORD",
    miss: "PASSWORD_LENGTH=12\nDB_PASSWORD=${DB_PASSWORD}\nAPP_NAME=shop",
  },
};

describe("findSecrets", () => {
  it("has a sample for every pattern of the table", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(SECRET_PATTERNS.map((p) => p.id).sort());
  });

  for (const [id, s] of Object.entries(SAMPLES)) {
    it(`finds ${id} and only its value, and leaves a near miss alone`, () => {
      expect(found(s.text)[0]).toEqual([s.label, s.value]);
      expect(found(s.miss)).toEqual([]);
    });
  }

  it("labels a catalogued key by what it is, not by the name it is assigned to, and finds each value once", () => {
    const text = "AWS_ACCESS_KEY_ID=AKIAZ7QW3ERTY5UIOPAS\nGITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ012345";
    expect(found(text)).toEqual([
      ["AWS access key ID", "AKIAZ7QW3ERTY5UIOPAS"],
      ["GitHub token", "ghp_0123456789abcdefghijABCDEFGHIJ012345"],
    ]);
  });

  it("finds the assignments inside a JSON body and a connection string", () => {
    expect(found('{"password": "hunter2!", "user": "bob"}')).toEqual([["value of password", "hunter2!"]]);
    expect(found("Server=db;User Id=sa;Password=Sq1-Pa55;")).toEqual([["value of Password", "Sq1-Pa55"]]);
  });

  it("does not find a masked value again", () => {
    const masked = `DB_PASSWORD=${maskOf("s3cr3t-Pa55", 0)}\nAuthorization: Basic ${maskOf("YWRtaW46YWRtaW4=", 0)}`;
    expect(found(masked)).toEqual([]);
  });
});

describe("maskOf", () => {
  it("shows the prefix and the last four of a long value, and only the length of a short one", () => {
    expect(maskOf("AKIAZ7QW3ERTY5UIOPAS", 4)).toBe("[masked AKIA…OPAS, 20 chars]");
    expect(maskOf("s3cr3t-Pa55", 0)).toBe("[masked, 11 chars]");
    expect(maskOf("sk_live_51Ha", 8)).toBe("[masked sk_live_…, 12 chars]");
  });
});
