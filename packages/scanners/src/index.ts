// @ems/scanners: the network engine for assets. Pure functions over the
// network, configured by a NetConfig; no database, no API.
export * from "./config.ts";
export * from "./targets.ts";
export * from "./buckets.ts";
export * from "./safety.ts";
export * from "./dns.ts";
export * from "./http.ts";
export * from "./html.ts";
export * from "./cdn.ts";
export * from "./technologies.ts";
export * from "./reachability.ts";
export * from "./ownership.ts";
export * from "./screenshot.ts";
export * from "./scan/index.ts";
export {
  AdvisoryDatasetError,
  advisoriesDirFromEnv,
  importAdvisories,
  loadAdvisories,
  parseAdvisoryDataset,
  type AdvisoryDataset,
} from "./advisories/dataset.ts";
export { assessVersion, type VersionVerdict } from "./advisories/match.ts";
export * from "./discovery/index.ts";
export * from "./exploits/kev.ts";
export * from "./exploits/epss.ts";
export * from "./exploits/classify.ts";
export * from "./secrets.ts";
