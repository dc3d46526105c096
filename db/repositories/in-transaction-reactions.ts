/**
 * Reactions that run in the transaction that records their event, not in the outbox relay's pass: the one exception
 * to the event-reaction table (worker/event-reactions.ts), which names this table beside its own. Code that records
 * one of these events calls `reactInTransaction` with it right after `recordEvent`.
 *
 * Why these cannot wait for the relay: a KPI point fed by a run or a sync is part of what that run or sync did.
 * - `scenario.completed` → the model-output KPIs of the run's model get their point: the run's metrics and the KPIs
 *   that follow its model (and tags) are locked and read with the outcome, so a client that sees the completed run
 *   sees its KPI points (docs/kpis.md: the point exists exactly when the outcome does), and a retried activity that finds the run stored writes no second
 *   point (the relay's at-least-once passes would need a dedupe the points do not have).
 * - `integration.sync.completed` → the dataset KPIs of the synced dataset take their value: the aggregate must be
 *   over the dataset exactly as the sync left it; once committed, the next sync (or upload) may already be changing
 *   it before a relay pass would read it.
 */
import type { EventRecord } from '../records/event';
import { ScenarioRecord } from '../records/scenario';
import { scoped, type TenantScope } from '../tenant-scope';
import { findSync } from './integration-syncs';
import { recordDatasetPoints, recordModelOutputPoints } from './kpis';

/** What the code recording the event already holds, so a reaction need not read it again. */
export interface ReactionContext {
  /** The scenario a `scenario.*` event is about, as just stored in this transaction. */
  scenario?: ScenarioRecord;
}

export type InTransactionReaction = (
  scope: TenantScope,
  event: Pick<EventRecord, 'type' | 'data'>,
  known: ReactionContext,
) => Promise<void>;

/** A completed run's metrics become points of the model-output KPIs following its model (not for a draft run). */
async function recordModelOutputKpiPoints(
  scope: TenantScope,
  event: Pick<EventRecord, 'data'>,
  known: ReactionContext,
): Promise<void> {
  const { scenario } = event.data as {
    scenario: { id: string; metrics?: Record<string, unknown> | null; completed_at: string };
  };
  if (!scenario.metrics) return;
  const record =
    known.scenario?.id === scenario.id
      ? known.scenario
      : ((await scoped(scope, ScenarioRecord).where('scenarios.id', scenario.id).first()) as
          ScenarioRecord | undefined);
  if (!record) return;
  await recordModelOutputPoints(scope, record, scenario.metrics, new Date(scenario.completed_at));
}

/** A completed sync's dataset gives each of its dataset KPIs a point (at the sync's completion, carrying its id). */
async function recordDatasetKpiPoints(scope: TenantScope, event: Pick<EventRecord, 'data'>): Promise<void> {
  const { sync } = event.data as { sync: { id: string; dataset: string } };
  const record = await findSync(scope, sync.id);
  if (!record?.completed_at) return;
  await recordDatasetPoints(scope, sync.dataset, { id: sync.id, completedAt: record.completed_at });
}

/** Event type → the reactions that run in the transaction recording it, in this order. */
export const IN_TRANSACTION_REACTIONS: Readonly<Record<string, readonly InTransactionReaction[]>> = {
  'scenario.completed': [recordModelOutputKpiPoints],
  'integration.sync.completed': [recordDatasetKpiPoints],
};

/** Runs the in-transaction reactions to an event just recorded in the scope's transaction (none for most types). */
export async function reactInTransaction(
  scope: TenantScope,
  event: Pick<EventRecord, 'type' | 'data'>,
  known: ReactionContext = {},
): Promise<void> {
  for (const reaction of IN_TRANSACTION_REACTIONS[event.type] ?? []) await reaction(scope, event, known);
}
