/**
 * One replica at a time for a scheduled job (issue 17 item 3: "schedules that fire once across
 * replicas"). Digest and reminder runs are claimed with one atomic INSERT … ON CONFLICT DO NOTHING,
 * so a due run is created once; but each scheduler pass also retries the runs left unfinished, and
 * on a shared database those include the run another replica is posting at this moment. A pass
 * therefore runs under a lease of the lane desk (lane-records.ts) named for its job: a replica that
 * dies mid-pass holds it until the lease runs out, and the next pass (anywhere) resumes its runs,
 * looking in Slack first as after a crash.
 *
 * Job lanes live beside the channel lanes under a team id no Slack workspace has.
 */
import type { LaneDesk } from "./lane-records.ts";

const JOBS_TEAM = "~jobs";

export interface ExclusiveJob {
  lanes: Pick<LaneDesk, "claimLane" | "renewLane" | "releaseLane">;
  /** The job's name: every replica running it uses the same one. */
  name: string;
  /** This process's id as a holder. */
  holder: string;
  /** How long a dead holder keeps the job; renewed whenever `held()` is asked. */
  leaseMs: number;
}

/**
 * Runs `fn` while no other replica runs the job; undefined (and nothing run) when one does. `fn`
 * calls `held()` before each step with effects: false once the lease was lost (stop there).
 */
export async function runExclusive<T>(job: ExclusiveJob, fn: (held: () => Promise<boolean>) => Promise<T>): Promise<T | undefined> {
  const lane = { teamId: JOBS_TEAM, channelId: job.name };
  const claim = await job.lanes.claimLane(lane, job.holder, job.leaseMs);
  if (!claim) return undefined;
  const lease = { holder: claim.holder, fence: claim.fence };
  try {
    return await fn(() => job.lanes.renewLane(lane, lease, job.leaseMs));
  } finally {
    await job.lanes.releaseLane(lane, lease).catch(() => undefined); // else its lease runs out
  }
}
