// Every value of an API enum that a person reads, in words: one map, so "top1000" is "Top 1,000 ports" on every page,
// in every select and pill. The maps are typed by the router's outputs: a value added in core and missing here fails
// the type check. `label()` words a value no map knows (a stage of a newer engine, a stored value of an older one)
// rather than showing the code.
import type { RouterInputs, RouterOutputs } from "@ems/core";
import { SCAN_PROFILE_LABELS } from "@ems/core/scan-profiles";

type Asset = RouterOutputs["assets"]["get"];
type AssetItem = RouterOutputs["assets"]["list"]["items"][number];
type Issue = RouterOutputs["issues"]["get"];
type Host = RouterOutputs["discovery"]["hosts"]["items"][number];
type Run = NonNullable<RouterOutputs["discovery"]["summary"]["lastRun"]>;
type Entry = RouterOutputs["auditLog"]["list"]["items"][number];
type Schedule = RouterOutputs["scanSchedules"]["list"]["items"][number];
type Skip = RouterOutputs["scanSchedules"]["skips"]["items"][number];
type BulkScanResult = RouterOutputs["scans"]["startMany"]["results"][number];
type Webhook = RouterOutputs["webhooks"]["list"]["items"][number];
type Delivery = RouterOutputs["webhooks"]["deliveries"]["items"][number];
type Assessment = RouterOutputs["assessments"]["list"]["items"][number];
type Role = RouterOutputs["me"]["get"]["role"];
type Scanner = RouterInputs["assets"]["update"]["disabledScannerTypes"] extends (infer S)[] | undefined ? S : never;
type Finding = RouterOutputs["findings"]["list"]["items"][number];
type Check = RouterOutputs["checks"]["list"]["items"][number];
type PortGroup = RouterOutputs["ports"]["list"]["items"][number];
type OwnershipAttempt = NonNullable<RouterOutputs["assets"]["ownership"]["lastAttempt"]>;

export const LABELS = {
  // Shared with the OpenAPI document's descriptions (core's scan-profiles.ts).
  portScanMode: SCAN_PROFILE_LABELS satisfies Record<Asset["portScanMode"], string>,
  assetType: {
    domain: "Domain",
    subdomain: "Subdomain",
    ipv4: "IPv4 address",
    ipv6: "IPv6 address",
    bucket: "Cloud bucket",
  } satisfies Record<Asset["type"], string>,
  assetStatus: {
    pending: "Checking",
    reachable: "Reachable",
    unreachable: "Unreachable",
    error: "Check failed",
  } satisfies Record<Asset["status"], string>,
  ownership: { proven: "Proven", pending: "Not proven" } satisfies Record<AssetItem["ownership"], string>,
  /** The last ownership attempt's outcome, heading its line on the asset page. */
  ownershipOutcome: {
    proven: "Proven",
    failed: "Not proven",
    "could-not-check": "Could not check",
  } satisfies Record<OwnershipAttempt["outcome"], string>,
  ownershipMethod: {
    "dns-txt": "a DNS TXT record",
    "http-file": "a file on the site",
    "html-meta": "a meta tag on the home page",
    "parent-domain": "its parent domain",
  } satisfies Record<NonNullable<Asset["ownershipMethod"]>, string>,
  issueStatus: {
    open: "Open",
    "in-progress": "In progress",
    resolved: "Resolved",
    dismissed: "Dismissed",
  } satisfies Record<Issue["status"], string>,
  dismissReason: {
    "false-positive": "False positive",
    "accepted-risk": "Accepted risk",
    "mitigated-elsewhere": "Mitigated elsewhere",
  } satisfies Record<NonNullable<Issue["dismissReason"]>, string>,
  // Why a scan of many did not start for an asset (scans.startMany's codes).
  scanRefusal: {
    NOT_FOUND: "no longer in this workspace",
    OWNERSHIP_NOT_PROVEN: "ownership not proven yet",
    SCAN_ALREADY_ACTIVE: "a scan of it is already queued or running",
  } satisfies Record<NonNullable<BulkScanResult["code"]>, string>,
  scanStatus: {
    queued: "Queued",
    running: "Running",
    completed: "Completed",
    failed: "Failed",
    cancelled: "Cancelled",
  } satisfies Record<NonNullable<AssetItem["scanStatus"]>, string>,
  /** The scan engine's stages (`stage` is a plain string in the API). */
  scanStage: {
    starting: "Starting",
    ports: "Port scan",
    tls: "TLS",
    http: "HTTP",
    crawl: "Crawling pages",
    services: "Services",
    dns: "DNS",
    technologies: "Technologies",
    templates: "Templates",
    nuclei: "Nuclei templates",
    done: "Done",
  } as Record<string, string>,
  scanner: {
    "port-scan": "Ports",
    tls: "TLS",
    http: "HTTP",
    dns: "DNS",
    technologies: "Technologies",
    templates: "Templates",
    screenshot: "Screenshot",
    nuclei: "Nuclei templates",
  } satisfies Record<Scanner | "nuclei", string>, // findings name the scanner as a string: nuclei's too
  /** How sure a finding is (the check's confidence); the badge's tooltip says what each means. */
  confidence: { confirmed: "Confirmed", firm: "Firm", tentative: "Tentative" } satisfies Record<
    Finding["confidence"],
    string
  >,
  checkCategory: {
    "exposed-file": "Exposed files",
    "exposed-endpoint": "Exposed endpoints",
    "exposed-panel": "Admin panels",
    "unauthenticated-service": "Services without a password",
    "default-login": "Default passwords",
    mail: "Mail",
    dns: "DNS",
    tls: "TLS",
    misconfiguration: "Misconfiguration",
  } satisfies Record<Check["category"], string>,
  checkProtocol: {
    http: "HTTP",
    tcp: "TCP conversation",
    udp: "UDP exchange",
    tls: "TLS handshake",
    dns: "DNS lookup",
  } satisfies Record<Check["protocol"], string>,
  /** What kind of service an open port is, ranking it (the ports list's `category`). */
  portCategory: {
    database: "Database",
    "cleartext-login": "Clear-text login",
    "remote-desktop": "Remote desktop",
    "file-sharing": "File sharing",
    "admin-api": "Administration API",
    "remote-login": "Remote login or mail",
    infrastructure: "Infrastructure",
    web: "Web",
    other: "Other service",
  } satisfies Record<PortGroup["category"], string>,
  scanTrigger: { manual: "Started by hand", schedule: "Schedule" } as Record<string, string>,
  discoverySource: {
    crtsh: "Certificate logs (crt.sh)",
    certspotter: "Certificate logs (CertSpotter)",
    bruteforce: "Common names tried in DNS",
    certificate: "Names in our TLS checks",
    cname: "CNAME targets",
    redirect: "Redirect targets",
  } satisfies Record<Host["sources"][number], string>,
  hostStatus: { new: "New", ignored: "Ignored", added: "Added" } satisfies Record<Host["status"], string>,
  discoveryRunStatus: { queued: "Queued", running: "Running", done: "Done", failed: "Failed" } satisfies Record<
    Run["status"],
    string
  >,
  discoveryPhase: { sources: "asking sources", resolve: "resolving names", merge: "saving" } satisfies Record<
    NonNullable<Run["progress"]["phase"]>,
    string
  >,
  channel: {
    dashboard: "Dashboard",
    "api-key": "API key",
    oauth: "OAuth app",
    cli: "Command line",
    system: "System",
  } satisfies Record<Entry["channel"], string>,
  actorType: {
    user: "person",
    "api-key": "API key",
    "oauth-app": "OAuth app",
    system: "system",
  } satisfies Record<Entry["actorType"], string>,
  role: { owner: "Owner", admin: "Admin", member: "Member", "read-only": "Read only" } satisfies Record<Role, string>,
  frequency: {
    daily: "Daily",
    weekly: "Weekly",
    monthly: "Monthly",
    interval: "Every N days",
  } satisfies Record<Schedule["frequency"], string>,
  skipReason: {
    "scan-already-active": "a scan of the asset was still running",
    "ownership-not-proven": "the asset's ownership was no longer proven",
  } satisfies Record<Skip["reason"], string>,
  webhookEvent: {
    "issue.created": "a scan finds a new issue",
    "issue.reopened": "a resolved issue is seen again",
    "issue.resolved": "a scan no longer sees an issue",
    "issue.sla_breached": "an open issue passes its SLA deadline (once per breach)",
    "port.opened": "a scan finds a newly open port",
    "scan.completed": "a scan that changed something (with the changes)",
    "scan.failed": "a scan fails",
    "asset.unreachable": "a reachable asset stops answering",
    "discovery.hosts_found": "a discovery run finds new hosts (one message per run, with the first 100 names)",
  } satisfies Record<Webhook["events"][number], string>,
  webhookFormat: { standard: "Standard Webhooks (JSON)", slack: "Slack" } satisfies Record<Webhook["format"], string>,
  webhookDelivery: {
    immediate: "Each message at once",
    hourly: "Hourly digest",
    daily: "Daily digest",
  } satisfies Record<Webhook["delivery"], string>,
  minSeverity: {
    info: "Every issue",
    low: "Low and above",
    medium: "Medium and above",
    high: "High and above",
    critical: "Critical only",
  } satisfies Record<Webhook["minSeverity"], string>,
  deliveryStatus: { pending: "Pending", delivered: "Delivered", failed: "Failed" } satisfies Record<
    Delivery["status"],
    string
  >,
  assessmentStatus: { pending: "Generating…", ready: "Ready", failed: "Failed" } satisfies Record<
    Assessment["status"],
    string
  >,
  assessmentScope: { workspace: "Whole workspace", project: "Project", asset: "Asset" } satisfies Record<
    Assessment["scopeType"],
    string
  >,
  apiKeyStatus: { active: "Active", revoked: "Revoked", expired: "Expired" } satisfies Record<
    RouterOutputs["apiKeys"]["list"]["items"][number]["status"],
    string
  >,
  paymentProvider: { "built-in": "None (this server charges nothing)" } as Record<string, string>,
  severity: { critical: "Critical", high: "High", medium: "Medium", low: "Low", info: "Info" } satisfies Record<
    Issue["severity"],
    string
  >,
  slaStatus: {
    on_track: "On track",
    at_risk: "At risk",
    breached: "Breached",
    paused: "Paused (dismissed)",
    met: "Met",
    missed: "Missed",
  } satisfies Record<NonNullable<Issue["slaStatus"]>, string>,
  criticality: { low: "Low", medium: "Medium", high: "High", critical: "Critical" } satisfies Record<
    Asset["effectiveCriticality"],
    string
  >,
  plan: { essential: "Essential", pro: "Pro", premium: "Premium" } satisfies Record<
    RouterOutputs["plan"]["get"]["plan"],
    string
  >,
  /** Audit actions (`action` is a plain string: `<resource>.<verb>`). */
  auditAction: {
    "api-key.create": "API key created",
    "api-key.revoke": "API key revoked",
    "assessment.create": "Assessment report created",
    "assessment.delete": "Assessment report deleted",
    "assessment.share": "Assessment report shared",
    "assessment.unshare": "Assessment share link revoked",
    "asset-slots.purchase": "Asset slots added",
    "asset.create": "Asset added",
    "asset.delete": "Asset deleted",
    "asset.ownership-failed": "Ownership not proven",
    "asset.ownership-unchecked": "Ownership could not be checked",
    "asset.ownership-verified": "Ownership proven",
    "asset.revalidate": "Asset checked again",
    "asset.update": "Asset changed",
    "discovered-host.add": "Discovered host added as an asset",
    "discovered-host.ignore": "Discovered host ignored",
    "discovered-host.restore": "Discovered host restored",
    "discovery.run": "Discovery run started",
    "finding.reveal-secret": "Secret revealed",
    "invitation.create": "Invitation sent",
    "invitation.revoke": "Invitation revoked",
    "issue.assign": "Issue assigned",
    "issue.comment": "Comment added",
    "issue.comment-delete": "Comment deleted",
    "issue.comment-edit": "Comment edited",
    "issue.dismiss": "Issue dismissed",
    "issue.reopen": "Issue reopened",
    "issue.resolve": "Issue resolved",
    "issue.retest": "Issue retest started",
    "issue.status": "Issue status changed",
    "issue.verify": "Issue resolution verified",
    "member.add": "Member added",
    "member.join": "Member joined",
    "member.remove": "Member removed",
    "member.role": "Member's role changed",
    "oauth-app.authorize": "OAuth app authorized",
    "oauth-app.create": "OAuth app created",
    "oauth-app.delete": "OAuth app deleted",
    "oauth-app.rotate-secret": "OAuth app secret rotated",
    "oauth-app.update": "OAuth app changed",
    "oauth-token.issue": "OAuth token issued",
    "oauth-token.refresh": "OAuth token refreshed",
    "oauth-token.revoke": "OAuth token revoked",
    "project.create": "Project created",
    "project.delete": "Project deleted",
    "project.update": "Project changed",
    "scan-schedule.create": "Scan schedule created",
    "scan-schedule.delete": "Scan schedule deleted",
    "scan-schedule.disable": "Scan schedule disabled",
    "scan-schedule.skip": "Scheduled scan skipped",
    "scan-schedule.update": "Scan schedule changed",
    "scan.cancel": "Scan cancelled",
    "scan.delete": "Scan deleted",
    "scan.start": "Scan started",
    "sla-policy.project.delete": "Project SLA override removed",
    "sla-policy.project.update": "Project SLA override changed",
    "sla-policy.update": "SLA policy changed",
    "webhook.create": "Webhook created",
    "webhook.delete": "Webhook deleted",
    "webhook.disable": "Webhook disabled",
    "webhook.redeliver": "Webhook message sent again",
    "webhook.rotate-secret": "Webhook secret rotated",
    "webhook.test": "Webhook test event sent",
    "webhook.update": "Webhook changed",
    "smtp.update": "SMTP settings changed",
    "smtp.delete": "SMTP settings removed",
    "smtp.test": "Test e-mail sent",
    "user.password-change": "Password changed",
    "user.update": "Name changed",
    "workspace.create": "Workspace created",
    "workspace.plan-change": "Plan changed",
  } as Record<string, string>,
  /** Audit resource types (a plain string). */
  resourceType: {
    "api-key": "API key",
    assessment: "assessment report",
    asset: "asset",
    "discovered-host": "discovered host",
    "discovery-run": "discovery run",
    finding: "finding",
    invitation: "invitation",
    issue: "issue",
    "oauth-app": "OAuth app",
    "oauth-token": "OAuth token",
    project: "project",
    scan: "scan",
    "scan-schedule": "scan schedule",
    "sla-policy": "SLA policy",
    "slot-purchase": "slot purchase",
    smtp: "SMTP settings",
    user: "member",
    webhook: "webhook",
    workspace: "workspace",
  } as Record<string, string>,
};

export type LabelKind = keyof typeof LABELS;

/** "in_progress", "read-only", "host_found" → "In progress", "Read only", "Host found". */
export const humanize = (value: string) => {
  const words = value.replace(/[_.-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The words for one value of an enum. Stored values may be Prisma's (read_only) or the API's (read-only): both
 * find their label.
 */
export function label(kind: LabelKind, value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  const map = LABELS[kind] as Record<string, string>;
  return map[value] ?? map[value.replaceAll("_", "-")] ?? humanize(value);
}

/** The options of a filter or form select, in the map's order. */
export const labelOptions = <K extends LabelKind>(kind: K) =>
  Object.entries(LABELS[kind] as Record<string, string>).map(([value, text]) => ({ value, label: text }));

const CATEGORIES: [RegExp, string][] = [
  [/^(http|service)\.default-login\./, "Default password"],
  [/^http\.panel\./, "Exposed admin panel"],
  [/^http\.debug\./, "Debug mode left on"],
  [/^http\.exposed\./, "Exposed file or page"],
  [/^http\.bucket-public-listing$/, "Public cloud bucket"],
  [/^http\.missing-header\./, "Missing security header"],
  [/^http\./, "Web server setup"],
  [/^port\.open\./, "Open port"],
  [/^service\.unauthenticated\./, "Service without a password"],
  [/^service\.smtp\./, "Mail server setup"],
  [/^service\.dns\./, "DNS server setup"],
  [/^dns\./, "DNS and mail records"],
  [/^tls\./, "TLS certificate and encryption"],
  [/^tech\..+\.vulnerable$/, "Known-vulnerable software"],
  [/^tech\..+\.end-of-life$/, "End-of-life software"],
  [/^tech\./, "Technology in use"],
  [/^(nuclei|template)\./, "Template check"],
  [/^discovery\.takeover/, "Subdomain takeover"],
  [/^scan\./, "Scan problem"],
];

/** The family of an issue kind (`http.exposed.env` → "Exposed file or page"); the kind stays for engineers. */
export const issueCategory = (kind: string) => CATEGORIES.find(([re]) => re.test(kind))?.[1] ?? "Other finding";
