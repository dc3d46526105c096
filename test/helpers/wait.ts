import type { Knex } from 'knex';

/**
 * Polls `probe` until it answers something truthy, and answers that; throws naming `what` once `timeoutMs` has passed.
 * For state that real workflows, schedules and syncs reach in their own time.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until no pass of `tenantId`'s scenario run lane (of any tenant's, without one) is looking for queued runs: a
 * quick run made from then on must wake its lane through Temporal, which is what the outage tests refuse.
 */
export async function waitUntilNoLanePassLooks(db: Knex, tenantId?: string, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    tenantId ? `the run lane of ${tenantId} to stop looking` : 'every run lane to stop looking',
    async () => {
      const looking = db('scenario_run_lanes').where('pass_until', '>', db.fn.now());
      if (tenantId) looking.where({ tenant_id: tenantId });
      return (await looking.first()) === undefined;
    },
    timeoutMs,
  );
}
