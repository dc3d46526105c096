import { Context } from '@temporalio/activity';
import type { Knex } from 'knex';
import type { Logger } from '../../core/logger';
import {
  episodesOf,
  kpiDefinitionOf,
  rankInputChanges,
  recoveryLine,
  ruleLine,
  ruleSpecOf,
  type Episode,
  type SeriesPoint,
} from '../../rules/kpis/alerts';
import { addPeriods, periodStart, type Line } from '../../rules/kpis/status';
import type { KpiPointRow, KpiRecord } from '../../db/records/kpi';
import type {
  AlertPoint,
  KpiAlertReason,
  KpiAlertRecord,
  KpiAlertRuleRecord,
  KpiAlertState,
} from '../../db/records/kpi-alert';
import { recordEvent } from '../../db/repositories/events';
import {
  alertsOfRuleFrom,
  insertAlert,
  insertTransition,
  latestPointAt,
  openAlertOf,
  openAlertsOfKpi,
  pointBefore,
  pointsAt,
  pointsBetween,
  rulesOfKpi,
  scenarioSnapshots,
  syncSnapshots,
  updateAlert,
  updateAlertRule,
  type SyncSnapshot,
} from '../../db/repositories/kpi-alerts';
import { lastSyncChangingDataset } from '../../db/repositories/datasets';
import { isDatasetSyncRunning } from '../../db/repositories/integration-syncs';
import { datasetKpiValue, findKpi, hasPointBetween, latestPoints, recordKpiPoints } from '../../db/repositories/kpis';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import { dueKpisOfShard, markKpiChecked, markKpiCheckFailed } from '../../db/repositories/kpi-evaluation';
import type {
  DatasetRecompute,
  EvaluateDueKpisInput,
  EvaluateDueKpisResult,
  EvaluateKpiAlertsInput,
  EvaluateKpiAlertsResult,
} from '../../workflows/kpis/contracts';
import { keepHeartbeating } from '../heartbeat';

export interface KpiAlertActivityDeps {
  db: Knex;
  logger: Logger;
  tenantIds?: () => readonly string[];
}

const iso = (ms: number | Date) => new Date(ms).toISOString();
const describeLine = (line: Line | null) =>
  line === null ? 'none' : typeof line === 'number' ? String(line) : `${line.low}..${line.high}`;

const alertPoint = (point: SeriesPoint & { reference?: SeriesPoint }): AlertPoint => ({
  timestamp: iso(point.at),
  value: point.value,
  scenario_id: point.scenarioId,
  ...(point.reference ? { reference: { timestamp: iso(point.reference.at), value: point.reference.value } } : {}),
});

const stateOf = (episode: Episode): KpiAlertState =>
  episode.endedAt !== null ? 'resolved' : episode.firedAt !== null ? 'firing' : 'pending';
const isOpen = (state: KpiAlertState) => state !== 'resolved';

/**
 * Alert evaluation of one KPI: the rules over the stored points, alert state written in the caller's transaction
 * (under the KPI's row lock, so the point-driven workflow and the schedule never evaluate one KPI at once). Nothing
 * lives in the workflow: a worker killed mid-evaluation rolls this transaction back and the retry starts over.
 */
export async function evaluateKpiAlertsInScope(
  scope: TenantScope,
  input: Omit<EvaluateKpiAlertsInput, 'tenantId'>,
  now: Date,
): Promise<EvaluateKpiAlertsResult> {
  const kpi = await findKpi(scope, input.kpiId, { forUpdate: true });
  if (!kpi) return { evaluated: false, skipped: 'kpi_gone', transitions: 0 };
  if (kpi.status !== 'active') return { evaluated: false, skipped: 'kpi_not_active', transitions: 0 };
  // A schedule run of a dataset KPI first brings its value up to date, so the checks below judge the new point.
  const recomputed =
    input.trigger === 'schedule' && kpi.source_type === 'dataset'
      ? await recomputeDatasetKpi(scope, kpi, now)
      : undefined;
  const rules = (await rulesOfKpi(scope, kpi.id)).filter((rule) => rule.enabled);
  const context = { scope, kpi, now, transitions: 0 };
  const judgeUntil = new Date(now.getTime() - kpi.evaluation_delay_seconds * 1000);
  const from = input.from ? new Date(input.from) : null;
  for (const rule of rules) {
    if (rule.kind === 'no_data') await checkNoData(context, rule);
    else await evaluateSeriesRule(context, rule, from, judgeUntil);
  }
  await renotify(context, rules);
  return { evaluated: true, skipped: null, transitions: context.transitions, ...(recomputed ? { recomputed } : {}) };
}

/**
 * A schedule run of a `dataset` KPI (locked by the caller): its aggregate over the dataset as it now stands, recorded as
 * a point at `now` (source `schedule`, carrying the sync that last changed the dataset) when the value differs from the
 * KPI's latest point or the current aggregation period has no point yet, with its kpi.value.recorded event in the
 * caller's transaction. This catches what the after-sync recomputation cannot see: a sync that failed or was cancelled
 * after committing pages, a KPI archived while its dataset changed, a new period. A dataset no sync has written yet,
 * or an aggregate without a value, records nothing; nor does a run while a sync of the dataset is under way (its pages
 * commit one by one: a half-written dataset is no value to track, and the sync records the new value as it completes).
 */
export async function recomputeDatasetKpi(scope: TenantScope, kpi: KpiRecord, now: Date): Promise<DatasetRecompute> {
  const dataset = String(kpi.source.dataset);
  if (await isDatasetSyncRunning(scope, dataset)) return { recorded: false, reason: 'sync_running' };
  const syncId = await lastSyncChangingDataset(scope, dataset);
  if (syncId === null) return { recorded: false, reason: 'never_synced' };
  const value = await datasetKpiValue(scope, kpi);
  if (value === undefined) return { recorded: false, reason: 'no_value' };
  const latest = (await latestPoints(scope, [kpi.id])).get(kpi.id);
  const periodFrom = periodStart(now, kpi.aggregation_period);
  const periodHasPoint = await hasPointBetween(
    scope,
    kpi.id,
    periodFrom,
    addPeriods(periodFrom, kpi.aggregation_period, 1),
  );
  if (latest && latest.value === value && periodHasPoint) return { recorded: false, reason: 'unchanged' };
  await recordKpiPoints(scope, kpi, [{ observedAt: now, value, syncId }], { source: 'schedule', syncId });
  return { recorded: true, value, syncId };
}

interface EvaluationContext {
  scope: TenantScope;
  kpi: KpiRecord;
  now: Date;
  transitions: number;
}

async function transition(
  context: EvaluationContext,
  alert: Pick<KpiAlertRecord, 'id'>,
  from: KpiAlertState | null,
  to: KpiAlertState,
  reason: KpiAlertReason,
  detail: string,
) {
  context.transitions++;
  await insertTransition(context.scope, alert.id, { from, to, reason, detail });
}

async function evaluateSeriesRule(
  context: EvaluationContext,
  rule: KpiAlertRuleRecord,
  requestedFrom: Date | null,
  judgeUntil: Date,
) {
  const { scope, kpi } = context;
  const through = rule.evaluated_through;
  const late = requestedFrom !== null && through !== null && requestedFrom.getTime() <= through.getTime();
  const start = late ? (requestedFrom as Date) : through ? new Date(through.getTime() + 1) : null;
  // Replay from a moment no episode spans: the start of a stored alert covering `start`, else `start` itself.
  let anchor = start;
  if (start) {
    const covering = (await alertsOfRuleFrom(scope, rule.id, start)).find(
      (alert) => alert.started_at.getTime() <= start.getTime(),
    );
    if (covering) anchor = covering.started_at;
  }
  const spec = ruleSpecOf(rule);
  const lookback =
    rule.kind === 'rate_of_change' && anchor
      ? new Date(anchor.getTime() - (rule.window_seconds as number) * 1000)
      : anchor;
  const rows = await pointsBetween(scope, kpi.id, lookback, judgeUntil);
  const series: SeriesPoint[] = rows.map((row) => ({
    at: row.observed_at.getTime(),
    value: row.value,
    scenarioId: row.scenario_id,
  }));
  const judged = series.filter((point) => !anchor || point.at >= anchor.getTime());
  if (judged.length === 0 && !late) return;
  const definition = kpiDefinitionOf(kpi);
  const episodes = episodesOf(definition, spec, series, anchor ? anchor.getTime() : -Infinity);
  const stored = anchor
    ? await alertsOfRuleFrom(scope, rule.id, anchor)
    : await alertsOfRuleFrom(scope, rule.id, new Date(0));
  const throughMs = through ? through.getTime() : -Infinity;

  // Pair each derived episode with the stored alert it overlaps (first come, first served).
  const matched = new Map<Episode, KpiAlertRecord>();
  const used = new Set<string>();
  for (const episode of episodes) {
    const end = episode.endedAt ?? Infinity;
    const alert = stored.find(
      (s) =>
        !used.has(s.id) &&
        s.started_at.getTime() <= end &&
        (s.ended_at ? s.ended_at.getTime() : Infinity) >= episode.startedAt,
    );
    if (alert) {
      matched.set(episode, alert);
      used.add(alert.id);
    }
  }
  // Stored verdicts the points no longer support (late or replaced points): withdrawn, with the reason.
  for (const alert of stored) {
    if (used.has(alert.id) || alert.resolution === 'manual' || alert.resolution === 'revision') continue;
    const detail = 'Late or replaced points: the points of this period no longer breach the rule.';
    const patch: Partial<KpiAlertRecord> = { resolution: 'revision' };
    if (isOpen(alert.state))
      Object.assign(patch, {
        state: 'resolved',
        resolved_at: context.now,
        ended_at: alert.ended_at ?? alert.started_at,
      });
    const updated = await updateAlert(scope, alert.id, patch);
    await transition(context, alert, alert.state, 'resolved', 'revision', detail);
    if (isOpen(alert.state) && alert.fired_at) await emitAlertEvent(context, 'kpi.alert.resolved', rule, updated, null);
  }
  for (const episode of episodes) {
    const alert = matched.get(episode);
    if (alert) await applyEpisode(context, rule, alert, episode, throughMs);
    else await createFromEpisode(context, rule, episode, throughMs);
  }
  const lastJudged = judged[judged.length - 1];
  if (lastJudged && lastJudged.at > throughMs)
    await updateAlertRule(scope, rule.id, { evaluated_through: new Date(lastJudged.at) });
}

function episodeDetail(context: EvaluationContext, rule: KpiAlertRuleRecord, episode: Episode): string {
  const definition = kpiDefinitionOf(context.kpi);
  const last = episode.points[episode.points.length - 1];
  if (rule.kind === 'rate_of_change') {
    return `${episode.breachCount} point(s) changed by more than ${rule.change?.percent !== undefined ? `${rule.change.percent}%` : rule.change?.absolute} within ${rule.window_seconds}s (latest ${last?.value} at ${last ? iso(last.at) : '?'}).`;
  }
  const word =
    definition.direction === 'higher_is_better'
      ? 'below'
      : definition.direction === 'lower_is_better'
        ? 'above'
        : 'outside';
  return `${episode.breachCount} consecutive point(s) ${word} the ${rule.severity} line ${describeLine(ruleLine(definition, rule))} from ${iso(episode.startedAt)} (latest ${last?.value} at ${last ? iso(last.at) : '?'}).`;
}

async function createFromEpisode(
  context: EvaluationContext,
  rule: KpiAlertRuleRecord,
  episode: Episode,
  throughMs: number,
) {
  const state = stateOf(episode);
  // An episode that starts among points already judged was created by late points: a revision, not a live breach.
  const reason: KpiAlertReason = episode.startedAt <= throughMs ? 'revision' : 'threshold';
  if (state !== 'resolved' && (await openAlertOf(context.scope, rule.id))) return;
  const alert = await insertAlert(context.scope, {
    kpi_id: context.kpi.id,
    rule_id: rule.id,
    severity: rule.severity,
    state,
    started_at: new Date(episode.startedAt),
    ended_at: episode.endedAt !== null ? new Date(episode.endedAt) : null,
    fired_at: episode.firedAt !== null ? context.now : null,
    resolved_at: state === 'resolved' ? context.now : null,
    resolution: episode.endedBy,
    points: episode.points.map(alertPoint),
    explanation: await explain(context, rule, episode),
  } as Partial<KpiAlertRecord>);
  const detail = episodeDetail(context, rule, episode);
  await transition(context, alert, null, 'pending', reason, detail);
  if (episode.firedAt !== null) await transition(context, alert, 'pending', 'firing', reason, `Fired: ${detail}`);
  if (state === 'resolved')
    await transition(
      context,
      alert,
      episode.firedAt !== null ? 'firing' : 'pending',
      'resolved',
      reason === 'revision' ? 'revision' : 'recovery',
      endDetail(episode),
    );
  if (state === 'firing') await notifyTriggered(context, rule, alert);
}

function endDetail(episode: Episode): string {
  const point = episode.endPoint;
  const at = point ? `${point.value} at ${iso(point.at)}` : '?';
  return episode.endedBy === 'cancelled'
    ? `Pending cancelled: the point ${at} does not breach the rule.`
    : `Recovered: the point ${at} is back past the recovery line.`;
}

async function applyEpisode(
  context: EvaluationContext,
  rule: KpiAlertRuleRecord,
  alert: KpiAlertRecord,
  episode: Episode,
  throughMs: number,
) {
  // A person resolved it: that episode is over for alerting, whatever the points do until it ends.
  if (alert.resolution === 'manual') return;
  const target = stateOf(episode);
  const points = episode.points.map(alertPoint);
  const patch: Partial<KpiAlertRecord> = { points };
  if (alert.started_at.getTime() !== episode.startedAt) {
    patch.started_at = new Date(episode.startedAt);
    await transition(
      context,
      alert,
      alert.state,
      alert.state,
      'revision',
      `Late points: the episode now starts at ${iso(episode.startedAt)} (was ${alert.started_at.toISOString()}).`,
    );
  }
  const firing = alert.state === 'firing' || alert.state === 'acknowledged';
  const revised = (episode.endedAt ?? episode.firedAt ?? Infinity) <= throughMs;
  let event: 'kpi.alert.triggered' | 'kpi.alert.resolved' | null = null;
  if (target === 'firing' && alert.state === 'pending') {
    Object.assign(patch, {
      state: 'firing',
      fired_at: context.now,
      explanation: await explain(context, rule, episode),
    });
    await transition(
      context,
      alert,
      'pending',
      'firing',
      revised ? 'revision' : 'threshold',
      `Fired: ${episodeDetail(context, rule, episode)}`,
    );
    event = 'kpi.alert.triggered';
  } else if (target === 'pending' && firing) {
    Object.assign(patch, { state: 'pending', fired_at: null });
    await transition(
      context,
      alert,
      alert.state,
      'pending',
      'revision',
      `Late or replaced points: only ${episode.breachCount} point(s) breach now, fewer than the rule needs to fire.`,
    );
  } else if (target !== 'resolved' && alert.state === 'resolved') {
    if (await openAlertOf(context.scope, rule.id)) return;
    Object.assign(patch, { state: target, ended_at: null, resolved_at: null, resolution: null });
    await transition(
      context,
      alert,
      'resolved',
      target,
      'revision',
      `Late or replaced points: the point that ended this alert no longer does. ${episodeDetail(context, rule, episode)}`,
    );
    if (target === 'firing') event = 'kpi.alert.triggered';
  } else if (target === 'resolved' && isOpen(alert.state)) {
    Object.assign(patch, {
      state: 'resolved',
      ended_at: new Date(episode.endedAt as number),
      resolved_at: context.now,
      resolution: episode.endedBy,
    });
    await transition(context, alert, alert.state, 'resolved', revised ? 'revision' : 'recovery', endDetail(episode));
    if (firing) event = 'kpi.alert.resolved';
  } else if (target === 'resolved' && alert.ended_at?.getTime() !== episode.endedAt) {
    patch.ended_at = new Date(episode.endedAt as number);
    await transition(
      context,
      alert,
      'resolved',
      'resolved',
      'revision',
      `Late points: the alert now ends at ${iso(episode.endedAt as number)}.`,
    );
  }
  if (target === 'firing' && firing) patch.explanation = await explain(context, rule, episode);
  const updated = await updateAlert(context.scope, alert.id, patch);
  if (event === 'kpi.alert.triggered') await notifyTriggered(context, rule, updated);
  else if (event === 'kpi.alert.resolved') await emitAlertEvent(context, 'kpi.alert.resolved', rule, updated, null);
}

async function checkNoData(context: EvaluationContext, rule: KpiAlertRuleRecord) {
  const { scope, kpi, now } = context;
  const last = await latestPointAt(scope, kpi.id);
  const reference = last && last.getTime() > rule.created_at.getTime() ? last : rule.created_at;
  const periodMs = (rule.no_data_seconds as number) * 1000;
  const open = await openAlertOf(scope, rule.id);
  if (open) {
    const silentSince = open.started_at.getTime() - periodMs;
    if (last && last.getTime() > silentSince) {
      const updated = await updateAlert(scope, open.id, {
        state: 'resolved',
        ended_at: last,
        resolved_at: now,
        resolution: 'recovery',
      });
      await transition(
        context,
        open,
        open.state,
        'resolved',
        'recovery',
        `A point arrived (at ${last.toISOString()}).`,
      );
      await emitAlertEvent(context, 'kpi.alert.resolved', rule, updated, null);
    }
    return;
  }
  if (now.getTime() < reference.getTime() + periodMs + kpi.evaluation_delay_seconds * 1000) return;
  const detail = last
    ? `No point for ${rule.no_data_seconds}s: the latest point is at ${last.toISOString()}.`
    : `No point for ${rule.no_data_seconds}s since the rule was created (${rule.created_at.toISOString()}).`;
  const alert = await insertAlert(scope, {
    kpi_id: kpi.id,
    rule_id: rule.id,
    severity: rule.severity,
    state: 'firing',
    started_at: new Date(reference.getTime() + periodMs),
    fired_at: now,
    points: [],
    explanation: {
      summary: `"${kpi.name}": ${detail}`,
      rule: ruleSummary(rule),
      latest_point_at: last ? last.toISOString() : null,
      evaluation_delay_seconds: kpi.evaluation_delay_seconds,
    },
  } as Partial<KpiAlertRecord>);
  await transition(context, alert, null, 'firing', 'no_data', detail);
  await notifyTriggered(context, rule, alert);
}

/** Firing alerts (not acknowledged, not silenced) are announced again every `renotify_seconds`; a silence that ended lets a never-announced alert out. */
async function renotify(context: EvaluationContext, rules: KpiAlertRuleRecord[]) {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  for (const alert of await openAlertsOfKpi(context.scope, context.kpi.id)) {
    const rule = byId.get(alert.rule_id);
    if (!rule || alert.state !== 'firing' || silenced(alert, context.now)) continue;
    if (alert.last_notified_at === null) await notifyTriggered(context, rule, alert);
    else if (
      rule.renotify_seconds !== null &&
      alert.last_notified_at.getTime() + rule.renotify_seconds * 1000 <= context.now.getTime()
    ) {
      await notifyTriggered(context, rule, alert);
    }
  }
}

const silenced = (alert: Pick<KpiAlertRecord, 'silenced_until'>, now: Date) =>
  alert.silenced_until !== null && alert.silenced_until.getTime() > now.getTime();

async function notifyTriggered(context: EvaluationContext, rule: KpiAlertRuleRecord, alert: KpiAlertRecord) {
  if (silenced(alert, context.now)) return;
  const notification = alert.notification_count === 0 ? 'first' : 'renotification';
  const updated = await updateAlert(context.scope, alert.id, {
    last_notified_at: context.now,
    notification_count: alert.notification_count + 1,
  });
  await emitAlertEvent(context, 'kpi.alert.triggered', rule, updated, notification);
}

export function ruleSummary(rule: KpiAlertRuleRecord) {
  return { id: rule.id, name: rule.name, ...ruleSpecOf(rule) };
}

async function emitAlertEvent(
  context: EvaluationContext,
  type: 'kpi.alert.triggered' | 'kpi.alert.resolved',
  rule: KpiAlertRuleRecord,
  alert: KpiAlertRecord,
  notification: 'first' | 'renotification' | null,
) {
  await recordEvent(context.scope, type, {
    kpi: { id: context.kpi.id, name: context.kpi.name },
    rule: { id: rule.id, name: rule.name, kind: rule.kind },
    alert: {
      id: alert.id,
      severity: alert.severity,
      state: alert.state,
      started_at: alert.started_at.toISOString(),
      fired_at: alert.fired_at?.toISOString() ?? null,
      resolved_at: alert.resolved_at?.toISOString() ?? null,
      resolution: alert.resolution,
    },
    ...(type === 'kpi.alert.triggered'
      ? { notification, summary: (alert.explanation?.summary as string | undefined) ?? null }
      : {}),
  });
}

/**
 * Why the alert fired, in data: the rule and its lines, the breaching points, and for model_output KPIs the scenario
 * behind the point that fired it, the inputs that moved most since the previous point's scenario, and the model's own
 * sensitivity ranking of the metric where that scenario ran a simulation.
 */
async function explain(
  context: EvaluationContext,
  rule: KpiAlertRuleRecord,
  episode: Episode,
): Promise<Record<string, unknown>> {
  const { scope, kpi } = context;
  const definition = kpiDefinitionOf(kpi);
  const line = rule.kind === 'threshold' ? ruleLine(definition, rule) : null;
  const recovery = rule.kind === 'threshold' ? recoveryLine(definition, rule) : null;
  const explanation: Record<string, unknown> = {
    summary: `"${kpi.name}": ${episodeDetail(context, rule, episode)}`,
    rule: ruleSummary(rule),
    direction: kpi.direction,
    line,
    recovery_line: recovery,
    points: episode.points.map(alertPoint),
    scenario: null,
  };
  if (kpi.source_type === 'dataset') {
    const dataset = await explainDataset(scope, kpi, episode);
    explanation.dataset = dataset.section;
    if (dataset.summary) explanation.summary = `${explanation.summary as string} ${dataset.summary}`;
    return explanation;
  }
  const firing = [...episode.points].reverse().find((point) => point.scenarioId !== null);
  if (kpi.source_type !== 'model_output' || !firing) return explanation;
  const previous = await pointBefore(scope, kpi.id, new Date(firing.at), { withScenario: true });
  const snapshots = await scenarioSnapshots(scope, [
    firing.scenarioId as string,
    ...(previous?.scenario_id ? [previous.scenario_id] : []),
  ]);
  const current = snapshots.get(firing.scenarioId as string);
  const before = previous?.scenario_id ? snapshots.get(previous.scenario_id) : undefined;
  const metric = kpi.source_metric as string;
  explanation.scenario = {
    id: firing.scenarioId,
    name: current?.name ?? null,
    point: alertPoint(firing),
    previous: previous
      ? { scenario_id: previous.scenario_id, timestamp: previous.observed_at.toISOString(), value: previous.value }
      : null,
    inputs_moved: current && before ? rankInputChanges(before.inputs, current.inputs) : [],
    sensitivity: current?.simulation?.sensitivity?.[metric] ?? null,
  };
  return explanation;
}

const presentSyncSnapshot = (sync: SyncSnapshot) => ({
  id: sync.id,
  integration_id: sync.integration_id,
  status: sync.status,
  completed_at: sync.completed_at ? sync.completed_at.toISOString() : null,
  counts: {
    read: sync.records_read,
    inserted: sync.records_inserted,
    updated: sync.records_updated,
    unchanged: sync.records_unchanged,
    deleted: sync.records_deleted,
    rejected: sync.records_rejected,
  },
});

const describeSync = (sync: SyncSnapshot) =>
  `sync ${sync.id} of integration ${sync.integration_id} (${sync.status}${sync.completed_at ? ` at ${sync.completed_at.toISOString()}` : ''}: ` +
  `${sync.records_inserted} inserted, ${sync.records_updated} updated, ${sync.records_deleted} deleted, ${sync.records_rejected} rejected)`;

/**
 * For `dataset` KPIs, the syncs behind the breaching points: the latest breaching point with how it was recorded (after
 * a sync, or by the KPI's schedule) and the sync behind it (for a schedule point, the sync that had last changed the
 * dataset), with that sync's counts; the previous point's value and sync, so a reader sees what changed; and the
 * origin of every breaching point.
 */
async function explainDataset(
  scope: TenantScope,
  kpi: KpiRecord,
  episode: Episode,
): Promise<{ section: Record<string, unknown>; summary: string | null }> {
  const rows = await pointsAt(
    scope,
    kpi.id,
    episode.points.map((point) => new Date(point.at)),
  );
  const latest = rows[rows.length - 1];
  const previous = latest ? await pointBefore(scope, kpi.id, latest.observed_at) : undefined;
  const syncs = await syncSnapshots(scope, [
    ...new Set(
      [...rows, ...(previous ? [previous] : [])].map((row) => row.sync_id).filter((id): id is string => id !== null),
    ),
  ]);
  const origin = (row: KpiPointRow) => ({
    timestamp: row.observed_at.toISOString(),
    value: row.value,
    source: row.source,
    sync_id: row.sync_id,
  });
  const syncOf = (row: KpiPointRow | undefined) => (row?.sync_id ? syncs.get(row.sync_id) : undefined);
  const section = {
    name: String(kpi.source.dataset),
    point: latest ? origin(latest) : null,
    sync: syncOf(latest) ? presentSyncSnapshot(syncOf(latest) as SyncSnapshot) : null,
    previous: previous
      ? { ...origin(previous), sync: syncOf(previous) ? presentSyncSnapshot(syncOf(previous) as SyncSnapshot) : null }
      : null,
    points: rows.map(origin),
  };
  const sync = syncOf(latest);
  if (!latest || !sync) return { section, summary: null };
  const how =
    latest.source === 'schedule'
      ? `Recorded by the KPI's schedule; the dataset was last changed by ${describeSync(sync)}.`
      : `Recorded after ${describeSync(sync)}.`;
  const before = previous
    ? ` The previous value was ${previous.value} at ${previous.observed_at.toISOString()}${previous.sync_id ? ` (sync ${previous.sync_id})` : ''}.`
    : '';
  return { section, summary: `${how}${before}` };
}

export function createKpiAlertActivities(deps: KpiAlertActivityDeps) {
  return {
    async evaluateKpiAlerts(input: EvaluateKpiAlertsInput): Promise<EvaluateKpiAlertsResult> {
      const heartbeat = keepHeartbeating();
      try {
        const { tenantId, ...rest } = input;
        // One short transaction: the timer's heartbeats let a dead worker's evaluation move on within the heartbeat timeout.
        return await inTenantTransaction(deps.db, tenantId, (scope) =>
          evaluateKpiAlertsInScope(scope, rest, new Date()),
        );
      } finally {
        heartbeat.stop();
      }
    },

    /**
     * One batch of a shard's tick: the time-based checks of up to `limit` due KPIs, each in its own transaction (under
     * the KPI's lock, as the point-driven evaluation) that also marks it checked, with a heartbeat after each. A KPI
     * whose check fails is marked checked with the error and the batch goes on.
     */
    async evaluateDueKpis(input: EvaluateDueKpisInput): Promise<EvaluateDueKpisResult> {
      // The tick is the shard workflow's run: a retried batch, or the next batch of the tick, skips what it checked.
      const { info } = Context.current();
      const tick = info.workflowExecution?.runId ?? info.activityId;
      const due = await dueKpisOfShard(deps.db, {
        shard: input.shard,
        shardCount: input.shardCount,
        tick,
        limit: input.limit,
        tenantIds: deps.tenantIds?.(),
      });
      let evaluated = 0;
      let failed = 0;
      for (const kpi of due) {
        Context.current().heartbeat({ done: evaluated + failed, of: due.length });
        const now = new Date();
        try {
          await inTenantTransaction(deps.db, kpi.tenant_id, async (scope) => {
            const result = await evaluateKpiAlertsInScope(
              scope,
              { kpiId: kpi.id, from: null, trigger: 'schedule' },
              now,
            );
            // Paused, archived or deleted since it was listed: not checked (and not listed again while it stays so).
            if (result.evaluated) await markKpiChecked(scope, kpi.id, tick, now);
          });
          evaluated++;
        } catch (error) {
          failed++;
          deps.logger.warn(
            { err: error, kpi_id: kpi.id, tenant_id: kpi.tenant_id },
            "a KPI's time-based check failed; the next tick tries again",
          );
          await markKpiCheckFailed(deps.db, kpi.id, tick, now, error instanceof Error ? error.message : String(error));
        }
      }
      return { evaluated, failed, more: due.length === input.limit };
    },
  };
}
