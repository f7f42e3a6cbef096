// The scan's stages, in the order they run. To add one: write a Stage
// (./stage.ts) in its own file and list it here; the runner does the rest.
import { crawlStage } from "./crawl.ts";
import { dnsStage } from "./dns.ts";
import { httpStage } from "./http.ts";
import { nucleiStage } from "./nuclei.ts";
import { portsStage } from "./ports.ts";
import { servicesStage } from "./services.ts";
import type { Stage } from "./stage.ts";
import { technologiesStage } from "./technologies.ts";
import { templatesStage } from "./templates.ts";
import { tlsStage } from "./tls.ts";

export const STAGES: readonly Stage[] = [
  portsStage,
  tlsStage,
  httpStage,
  crawlStage,
  servicesStage,
  dnsStage,
  technologiesStage,
  templatesStage,
  nucleiStage,
];
