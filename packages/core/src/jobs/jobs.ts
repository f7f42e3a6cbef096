// Every background job of the product, in the order a worker starts working them, and the queue they run on.
import { assessmentJob } from "../assessments/assessments.job.ts";
import { assetCheckJob } from "../assets/assets.check.ts";
import { discoveryJob } from "../discovery/discovery.job.ts";
import { invitationMailJob } from "../email/email.invitation.ts";
import { scanJob } from "../scans/scans.run.ts";
import { webhookDeliveryJob } from "../webhooks/webhooks.delivery.ts";
import type { JobDefinition } from "./definition.ts";
import { createQueue } from "./queue.ts";

export const JOBS: readonly JobDefinition<never>[] = [
  assetCheckJob,
  scanJob,
  webhookDeliveryJob,
  discoveryJob,
  assessmentJob,
  invitationMailJob,
] as unknown as readonly JobDefinition<never>[];

/** The product's queue on the database at connectionString: every job's queue created on start. */
export const createJobQueue = (connectionString: string) => createQueue(connectionString, JOBS);
