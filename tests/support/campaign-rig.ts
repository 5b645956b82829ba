// The campaigns engine's services for tests of it: the real database and secret box, a job
// queue that only records what is sent to it, and the transport the test chooses.
import { campaignFrame } from "~/features/campaigns/campaign-commands.server";
import type { SendingServices } from "~/features/campaigns/campaign-sending.server";
import type { Database } from "~/platform/db/database.server";
import { createLogger } from "~/platform/logger.server";
import { createLocalPubSub } from "~/platform/pubsub/pubsub.server";
import type { SecretBox } from "~/platform/secret-box.server";

export type QueuedJob = { name: string; data: Record<string, unknown>; options?: unknown };

/** A job queue that keeps every send (name, data, options) in `queued`, and runs nothing. */
export function recordingJobs() {
  const queued: QueuedJob[] = [];
  const jobs = {
    async send(_tx: unknown, name: string, data: Record<string, unknown>, options?: unknown) {
      queued.push({ name, data, options });
    },
  } as unknown as SendingServices["jobs"];
  return { queued, jobs };
}

const pubsub = createLocalPubSub(createLogger({ level: "silent" }));

/** The engine's services over `database` and `transport`; `extra` overrides any of them. */
export function sendingServices(
  {
    database,
    jobs,
    secretBox,
    transport,
  }: {
    database: Database;
    jobs: SendingServices["jobs"];
    secretBox: SecretBox;
    transport: SendingServices["transport"];
  },
  extra: Partial<SendingServices> = {},
): SendingServices {
  return {
    database,
    jobs,
    transport,
    secretBox,
    usage: { database, pubsub },
    siteAddress: { baseDomain: "localhost", like: "http://localhost:3000" },
    from: "Lyceum <no-reply@lyceum.test>",
    maxRate: 0,
    concurrency: 4,
    frame: campaignFrame,
    ...extra,
  };
}
