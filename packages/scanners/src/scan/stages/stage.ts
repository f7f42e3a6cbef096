// One stage of a scan, as the table in ./index.ts lists them. A stage only
// does its work: it reads what earlier stages left in `shared`, emits
// findings and reports its own progress as a fraction. The runner (../run.ts)
// gives it its share of the progress bar, its time limit, its abort signal and
// its entry in the scan's report, the same way for every stage.
import type { NetConfig } from "../../config.ts";
import type { ScanCap, ScanPickUp, StageWork } from "../caps.ts";
import type { ScanEngineConfig } from "../config.ts";
import type { Focus } from "../focus.ts";
import type { RootResponse } from "../http-scan.ts";
import type { OpenPortDetail } from "../port-scan.ts";
import type { ScanTarget } from "../target.ts";
import type { ScanFinding, ScanProfile, ScanStage, Severity } from "../types.ts";

/** What every stage knows of the scan; fixed for the whole scan. */
export interface ScanScope {
  target: ScanTarget;
  profile: ScanProfile;
  net: NetConfig;
  engine: ScanEngineConfig;
  /** Hosts the ownership proof covers; redirects elsewhere are not followed. */
  covers: (host: string) => boolean;
  /** profile.nucleiMinSeverity, normalised. */
  minSeverity: Severity;
  /** Whether profile.disabledScannerTypes names this item (trimmed, any case). */
  disabled(item: string): boolean;
  /** A focused scan's kinds and ports (../focus.ts); null for a whole scan. */
  focus: Focus | null;
  /** Whether a finding of this kind is wanted (always, unless the scan is focused). */
  wants(kind: string): boolean;
  /** What the asset's last scan left out (../caps.ts): the services and HTTP stages start with it. */
  pickUp: ScanPickUp;
}

/** What stages leave for later ones. */
export interface Shared {
  /** Open ports once the port stage ran (partial when it was cut short); null when it did not run. */
  openPorts: OpenPortDetail[] | null;
  portsComplete: boolean;
  /** Root responses from the HTTP stage, reused by technologies and templates. */
  roots: RootResponse[] | null;
}

export interface StageContext extends ScanScope {
  shared: Shared;
  /** Aborted when the scan is cancelled or the stage's time is up. */
  signal: AbortSignal;
  /** Records a finding; ignored once the stage is over. */
  emit(f: ScanFinding): void;
  /** Fraction of this stage done, 0..1. */
  progress(fraction: number): void;
  /** Something worth knowing that is not an error (a template refused at load…). */
  note(text: string): void;
  /** This stage's time limit (Stage.timeLimit, else the engine's). */
  timeLimitMs: number;
  /** Declares the units of work the stage walks: if the stage is cut by its time limit, those not done are left out. */
  work(what: string, items: readonly (number | string)[], portOf?: (item: number | string) => number | null): StageWork;
  /** Records a cap that bit (left something out); the scan is then partial. */
  cap(c: ScanCap): void;
}

export interface Stage {
  id: ScanStage;
  /** The scanner a "scan.stage-timeout" finding names when this is the first stage cut. */
  scanner: ScanFinding["scanner"];
  /** Whether the stage runs for this target and profile (skipped stages are not reported). */
  enabled(scope: ScanScope): boolean;
  /** Whether a finding of this kind can come from this stage (a focused scan runs only such stages). */
  produces(kind: string): boolean;
  /** Earlier stages whose results it reads: a kind it looks for is looked at to the end only when they finished. */
  reads?: readonly ScanStage[];
  /** Its time limit, when it grows with what earlier stages found (config.ts, scaledStageLimit). */
  timeLimit?(scope: ScanScope, shared: Shared): number;
  /** Its share of the progress bar, relative to the other stages that run. */
  weight(scope: ScanScope): number;
  run(ctx: StageContext): Promise<void>;
  /** Findings made from `shared` once every stage is over, however this one ended (cut by the time limit too). */
  findingsAfter?(scope: ScanScope, shared: Shared): ScanFinding[];
}
