import { Context } from '@temporalio/activity';

/**
 * Heartbeats for a long activity. `beat(details)` reports progress as work goes (per item, per page, per batch of
 * records); a timer repeats the latest details every third of the heartbeat timeout, so an attempt that is only
 * waiting (a slow source, a lock, a slow store) still shows it is alive. A worker that dies stops both, and Temporal
 * hands the activity to another worker once the heartbeat timeout has passed, instead of the start-to-close timeout.
 * `previous` is what the last attempt reported (its heartbeat details), for activities that resume from it.
 */
export function keepHeartbeating<Details = unknown>(context: Context = Context.current()) {
  let latest: Details | undefined;
  const timeoutMs = context.info.heartbeatTimeoutMs;
  const timer = timeoutMs ? setInterval(() => context.heartbeat(latest), Math.max(200, timeoutMs / 3)) : undefined;
  return {
    previous: context.info.heartbeatDetails as Details | undefined,
    beat(details?: Details): void {
      latest = details;
      context.heartbeat(details);
    },
    stop(): void {
      if (timer) clearInterval(timer);
    },
  };
}
