// The scan engine: runScan and the scanners it is made of.
export * from "./types.ts";
export * from "./config.ts";
export { capHides, pickUpFrom, type ScanCap, type ScanCapName, type ScanLeftOut, type ScanPickUp } from "./caps.ts";
export { portsForMode, TOP_100_TCP_PORTS, TOP_1000_TCP_PORTS, WEB_PORTS, PORT_SCAN_MODES } from "./ports.ts";
export { scanPorts, scanPortsDetailed, type ScanPortsOptions, type OpenPortDetail } from "./port-scan.ts";
export { WELL_KNOWN_PORTS, portRisk, serviceFromBanner } from "./services.ts";
export { checkTls, type CheckTlsOptions } from "./tls-checks.ts";
export type { TlsTarget, TlsCheckOptions } from "./tls-scan.ts";
export {
  helloProbe,
  buildClientHello,
  parseServerResponse,
  WEAK_SUITES,
  TLS_VERSIONS,
  type HelloResult,
} from "./tls-hello.ts";
export {
  checkHttp,
  checkBucketHttp,
  fetchRoots,
  cookieProblems,
  type WebEndpoint,
  type RootResponse,
  type HttpCheckContext,
} from "./http-scan.ts";
export { catalogue, catalogueSummaries, loadCatalogue, CatalogueError, type Catalogue } from "../checks/catalogue.ts";
export { CATEGORIES, PROTOCOLS, type Category, type CheckSummary, type Protocol } from "../checks/format/index.ts";
export { DEFAULT_CHECKS, checksSettingsFromEnv, type ChecksSettings } from "../checks/engine/settings.ts";
export {
  parseTemplate,
  TemplateError,
  PROTOCOL_VARIABLES,
  type Template,
  type HttpRequest,
  type Matcher,
  type Extractor,
} from "./templates/parse.ts";
export { goRegex } from "./templates/regex.ts";
export {
  loadTemplates,
  refusalSummary,
  BUILTIN_TEMPLATES_DIR,
  type LoadedTemplates,
  type Refusal,
} from "./templates/load.ts";
export {
  runTemplate,
  templateFinding,
  RequestCache,
  type TemplateHit,
  type TemplateTarget,
  type HostTarget,
  type RunContext,
} from "./templates/run.ts";
export { runNuclei, nucleiArgs, nucleiFinding, type NucleiRun } from "./nuclei.ts";
export {
  runScan,
  dedupeFindings,
  focusableKind,
  STAGE_ORDER,
  type ScanInput,
  type ScanResult,
  type StageReport,
} from "./run.ts";
export type { ScanFocus } from "./focus.ts";
export { DANGEROUS_PORT_CATEGORIES, PORT_CATEGORIES, type PortCategory, type PortRisk } from "./services.ts";
