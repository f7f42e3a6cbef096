// Every category's files (each folder's index.ts is generated from the files in it: `pnpm --filter @ems/scanners
// checks:generate`). The list of categories is fixed (format/common.ts); adding a check never edits this file.
import type { CatalogueFile } from "./catalogue-file.ts";
import defaultLogin from "./default-login/index.ts";
import dns from "./dns/index.ts";
import exposedEndpoint from "./exposed-endpoint/index.ts";
import exposedFile from "./exposed-file/index.ts";
import exposedPanel from "./exposed-panel/index.ts";
import mail from "./mail/index.ts";
import misconfiguration from "./misconfiguration/index.ts";
import tls from "./tls/index.ts";
import unauthenticatedService from "./unauthenticated-service/index.ts";

export const CATALOGUE_FILES: readonly CatalogueFile[] = [
  ...exposedFile,
  ...exposedEndpoint,
  ...exposedPanel,
  ...unauthenticatedService,
  ...defaultLogin,
  ...mail,
  ...dns,
  ...tls,
  ...misconfiguration,
];
