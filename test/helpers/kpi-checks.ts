import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { waitFor } from './wait';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the batched time-based checks (the KPI evaluation shards) did to a KPI, read from its row: each check of a KPI
 * sets its `checked_at`. For tests that ran the checks every second (KPI_ALERT_CHECK_INTERVAL_SECONDS=1).
 */
export function kpiChecks(db: Knex) {
  const checkedAt = async (kpiId: string): Promise<number | null> =>
    (
      (await db('kpis').where({ id: kpiId }).first('checked_at')) as { checked_at: Date | null } | undefined
    )?.checked_at?.getTime() ?? null;
  return {
    checkedAt,
    /** Waits for `count` more checks of the KPI (one per tick). */
    async moreChecks(kpiId: string, count = 1): Promise<void> {
      for (let i = 1; i <= count; i++) {
        const before = (await checkedAt(kpiId)) ?? -1;
        await waitFor(`check ${i} of ${count} of ${kpiId}`, async () => ((await checkedAt(kpiId)) ?? -1) > before);
      }
    },
    /**
     * Proves an absence: after a moment for a check already under way to finish, no check for three ticks and more.
     * Proving an absence takes the waiting.
     */
    async notChecked(kpiId: string, message: string): Promise<number | null> {
      await sleep(1500);
      const at = await checkedAt(kpiId);
      await sleep(3500);
      assert.equal(await checkedAt(kpiId), at, message);
      return at;
    },
  };
}

/**
 * The data of a `kpi.alert.triggered` event of a threshold rule firing (`key` makes the rule and alert ids), as the
 * alert evaluation records it: what tests record directly to make the notifications that follow from it.
 */
export function firingAlertEvent(kpi: { id: string; name: string }, key: string) {
  const now = new Date().toISOString();
  return {
    kpi,
    rule: { id: `kar_${key}`, name: `Rule ${key}`, kind: 'threshold' },
    alert: {
      id: `kal_${key}`,
      severity: 'critical',
      state: 'firing',
      started_at: now,
      fired_at: now,
      resolved_at: null,
      resolution: null,
    },
    notification: 'first',
  };
}
