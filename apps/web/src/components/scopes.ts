// What each scope lets an app or key do, in words people read on the consent page.
export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  "assets:read": "See your projects and assets",
  "assets:write": "Create, change and delete projects and assets",
  "issues:read": "See issues, findings and open ports",
  "issues:write": "Change, assign, dismiss and comment on issues",
  "scans:read": "See scans and schedules",
  "scans:write": "Start and stop scans, manage schedules",
  "reports:read": "Read reports and assessments",
  "reports:write": "Create and share assessments",
  "audit:read": "Read the audit log",
};
