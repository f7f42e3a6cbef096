// The scan engine: runScan and the scanners it is made of.
export * from "./types.ts";
export * from "./config.ts";
export { portsForMode, TOP_100_TCP_PORTS, TOP_1000_TCP_PORTS, WEB_PORTS, PORT_SCAN_MODES } from "./ports.ts";
export { scanPorts, scanPortsDetailed, type ScanPortsOptions, type OpenPortDetail } from "./port-scan.ts";
export { WELL_KNOWN_PORTS, portRisk, serviceFromBanner } from "./services.ts";
export { checkTls, type TlsTarget, type TlsCheckOptions, EXPIRY_WARNING_DAYS } from "./tls-scan.ts";
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
export {
  parseTemplate,
  goRegex,
  TemplateError,
  type Template,
  type TemplateRequest,
  type Matcher,
  type Extractor,
} from "./templates/parse.ts";
export { loadTemplates, BUILTIN_TEMPLATES_DIR, type LoadedTemplates } from "./templates/load.ts";
export {
  runTemplate,
  templateFinding,
  evaluateMatcher,
  evaluateMatchers,
  runExtractors,
  templateResponse,
  templateVariables,
  type TemplateHit,
  type TemplateResponse,
} from "./templates/run.ts";
export { runNuclei, nucleiArgs, nucleiFinding, type NucleiRun } from "./nuclei.ts";
export { runScan, dedupeFindings, STAGE_ORDER, type ScanInput, type ScanResult, type StageReport } from "./run.ts";
export { DANGEROUS_PORT_CATEGORIES, PORT_CATEGORIES, type PortCategory, type PortRisk } from "./services.ts";
