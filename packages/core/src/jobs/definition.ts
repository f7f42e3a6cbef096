// A background job, declared once in its feature's folder: its pg-boss queue, the policy pg-boss retries and expires
// it by, its payload's zod schema, how many one worker process runs at once (queue.ts's JobSpec), and its handler.
// The queue knows no job: it sends a definition's payloads and works the definitions it is given (jobs.ts lists them).
import type { Services } from "../service-context.ts";
import type { JobPayload, JobSpec } from "./queue.ts";

export interface JobDefinition<P extends JobPayload = JobPayload> extends JobSpec<P> {
  /** Runs one job (in a worker process; pg-boss retries it by the policy if it throws). */
  handler: (services: Services, payload: P) => Promise<void>;
}

/** A definition, its payload's type inferred from its schema. */
export const defineJob = <P extends JobPayload>(definition: JobDefinition<P>): JobDefinition<P> => definition;
