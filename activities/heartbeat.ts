import { Context } from '@temporalio/activity';

/**
 * Heartbeats for a long activity. `beat(details)` reports progress as work goes (per item, per page, per batch of
 * records); a timer repeats the latest details every third of the heartbeat timeout, so an attempt that is only
 * waiting (a slow source, a lock, a slow store) still shows it is alive. A worker that dies stops both, and Temporal
 * hands the activity to another worker once the heartbeat timeout has passed, instead of the start-to-close timeout.
 * The details report progress only: every long activity resumes from what Postgres holds (a chunk's pending items, a
 * sync's last committed page, a lane's due deliveries), which the details of a dead attempt could only lag behind.
 */
export function keepHeartbeating<Details = unknown>(context: Context = Context.current()) {
  let latest: Details | undefined;
  const timeoutMs = context.info.heartbeatTimeoutMs;
  const timer = timeoutMs ? setInterval(() => context.heartbeat(latest), Math.max(200, timeoutMs / 3)) : undefined;
  return {
    beat(details?: Details): void {
      latest = details;
      context.heartbeat(details);
    },
    stop(): void {
      if (timer) clearInterval(timer);
    },
  };
}
