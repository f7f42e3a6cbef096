// The label map's rules on their own (issue 26, item 11): the families of the check catalogue's issue kinds, and
// the words for the enums the catalogue, the ports list and ownership brought. Plain functions: no page needed.
import { issueCategory, label } from "../src/components/labels";
import { expect, test } from "./fixtures";

test("an issue kind of the check catalogue reads as its family, not as the catch-all", () => {
  expect(issueCategory("http.panel.grafana")).toBe("Exposed admin panel");
  expect(issueCategory("http.default-login.tomcat-manager")).toBe("Default password");
  expect(issueCategory("service.default-login.ftp")).toBe("Default password");
  expect(issueCategory("http.debug.django")).toBe("Debug mode left on");
  expect(issueCategory("service.smtp.open-relay")).toBe("Mail server setup");
  expect(issueCategory("service.dns.open-resolver")).toBe("DNS server setup");
  expect(issueCategory("dns.dmarc-missing")).toBe("DNS and mail records");
  // The families that were there keep their words.
  expect(issueCategory("http.exposed.env")).toBe("Exposed file or page");
  expect(issueCategory("http.cors-credentials")).toBe("Web server setup");
  expect(issueCategory("something.new")).toBe("Other finding");
});

test("confidence, check categories and protocols, port categories and ownership outcomes have words", () => {
  expect(label("confidence", "tentative")).toBe("Tentative");
  expect(label("checkCategory", "unauthenticated-service")).toBe("Services without a password");
  expect(label("checkProtocol", "tcp")).toBe("TCP conversation");
  expect(label("portCategory", "cleartext-login")).toBe("Clear-text login");
  expect(label("ownershipOutcome", "could-not-check")).toBe("Could not check");
  expect(label("scanner", "dns")).toBe("DNS");
  expect(label("scanStage", "dns")).toBe("DNS");
  expect(label("auditAction", "asset.ownership-unchecked")).toBe("Ownership could not be checked");
  expect(label("auditAction", "user.password-change")).toBe("Password changed");
});
