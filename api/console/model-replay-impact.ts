import type { RequestContext } from '../context';
import { html, type SafeHtml } from './html';
import { modelVersionHref } from './model-pages';
import { actorName, formatMetric, timeTag } from './layout';

/**
 * The latest replay's impact on a model's page: how the live version's recent runs would have come out on another
 * version, per output metric. The replays family is built beside this section; until it is wired in (ConsoleDeps
 * `latestReplay`), the model page has no replay section at all.
 */

type MetricValue = number | string | boolean | null;

/** A replay as GET /models/{id}/replays lists it (the fields the console shows). */
export interface ReplayImpactView {
  id: string;
  version: string;
  baseline_version: string;
  status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
  limit: number;
  progress: { total: number; processed: number };
  report: {
    runs: number;
    runs_compared: number;
    runs_skipped: number;
    runs_failing: number;
    metrics: Array<{
      metric: string;
      runs_compared: number;
      changed: number;
      mean_abs_change: number | null;
      max_abs_change: number | null;
      mean_rel_change: number | null;
      max_rel_change: number | null;
      largest_changes: Array<{
        scenario_id: string;
        before: MetricValue;
        after: MetricValue;
        abs_change: number;
        rel_change: number | null;
      }>;
    }>;
    failing: Array<{ scenario_id: string; code: string; message: string }>;
  } | null;
  error: { code: string; detail: string } | null;
  created_by: { type: string; id: string };
  created_at: string;
  completed_at: string | null;
  /** The names of the scenarios the page shows, by id (added for the console; a scenario deleted since keeps its id). */
  scenario_names?: Record<string, string>;
}

/** The scenarios a replay's report names, shown at most (the largest changes per metric, the failing runs). */
const SHOWN_CHANGES = 5;
const SHOWN_FAILING = 20;

/** The replay with the names of the scenarios its page shows, read through the scenarios' own use case. */
export async function withScenarioNames(
  replay: ReplayImpactView | null,
  getScenario: (id: string) => Promise<{ name?: unknown }>,
): Promise<ReplayImpactView | null> {
  if (!replay?.report) return replay;
  const ids = new Set([
    ...replay.report.metrics.flatMap((m) => m.largest_changes.slice(0, SHOWN_CHANGES).map((c) => c.scenario_id)),
    ...replay.report.failing.slice(0, SHOWN_FAILING).map((f) => f.scenario_id),
  ]);
  const names: Record<string, string> = {};
  for (const id of ids) {
    const scenario = await getScenario(id).catch(() => undefined);
    if (scenario && typeof scenario.name === 'string' && scenario.name !== '') names[id] = scenario.name;
  }
  return { ...replay, scenario_names: names };
}

/** A scenario by its name, its id in the title (and in place of the name once it is deleted). */
const scenarioLabel = (id: string, names: Record<string, string> | undefined) => {
  const name = names?.[id];
  return name ? html`<span title="${id}">${name}</span>` : html`<code>${id}</code>`;
};

/**
 * The latest replay of a model's live runs, newest first (null: none yet). EXTENSION POINT: wire it to the replays
 * family's list use case once it is merged, e.g. `async (context, id) => (await replays.list(context, id, { limit: 1 })).data[0] ?? null`.
 */
export type LatestReplaySource = (context: RequestContext, modelId: string) => Promise<ReplayImpactView | null>;

const STATUS_WORDS: Record<ReplayImpactView['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const percent = (share: number | null) => (share === null ? '—' : `${formatMetric(Math.round(share * 10000) / 100)} %`);
const shown = (value: MetricValue) =>
  value === null ? '—' : typeof value === 'number' ? formatMetric(value) : String(value);

function metricsTable(
  report: NonNullable<ReplayImpactView['report']>,
  scenarioNames: Record<string, string> | undefined,
): SafeHtml {
  if (report.metrics.length === 0) return html`<p class="empty">No output metric to compare.</p>`;
  return html`<div class="scroll" role="region" aria-labelledby="replay-heading" tabindex="0"><table class="compact replay-metrics">
  <caption>Per output metric: runs changed beyond the tolerance, and by how much</caption>
  <thead><tr><th scope="col">Metric</th><th scope="col">Changed</th><th scope="col">Mean change</th><th scope="col">Max change</th><th scope="col">Mean relative</th><th scope="col">Max relative</th><th scope="col">Largest changes (scenario: before → after)</th></tr></thead>
  <tbody>${report.metrics.map(
    (m) => html`<tr>
      <th scope="row"><code>${m.metric}</code></th>
      <td>${m.changed} of ${m.runs_compared}</td>
      <td>${formatMetric(m.mean_abs_change)}</td>
      <td>${formatMetric(m.max_abs_change)}</td>
      <td>${percent(m.mean_rel_change)}</td>
      <td>${percent(m.max_rel_change)}</td>
      <td>${m.largest_changes.length === 0 ? '—' : html`<ol class="largest">${m.largest_changes.slice(0, SHOWN_CHANGES).map((c) => html`<li>${scenarioLabel(c.scenario_id, scenarioNames)}: <del>${shown(c.before)}</del> → <ins>${shown(c.after)}</ins></li>`)}</ol>`}${
        m.largest_changes.length > SHOWN_CHANGES
          ? html`<span class="muted">and ${m.largest_changes.length - SHOWN_CHANGES} more in the API's report</span>`
          : ''
      }</td>
    </tr>`,
  )}</tbody>
</table></div>`;
}

/** The latest replay's impact (null: no replay yet). */
export function replayImpact(replay: ReplayImpactView | null, modelId: string, names: Map<string, string>): SafeHtml {
  if (!replay) return html`<p class="empty">No replay of live runs yet.</p>`;
  const { report } = replay;
  return html`<dl class="facts">
  <div><dt>Replayed on</dt><dd><a href="${modelVersionHref(modelId, replay.version)}">Version ${replay.version}</a>, against the runs of version ${replay.baseline_version}</dd></div>
  <div><dt>Status</dt><dd>${STATUS_WORDS[replay.status] ?? replay.status}${replay.status === 'running' || replay.status === 'queued' ? ` (${replay.progress.processed} of ${replay.progress.total} runs)` : ''}</dd></div>
  <div><dt>Started</dt><dd>${timeTag(replay.created_at)} by ${actorName(replay.created_by, names)}</dd></div>
  ${report ? html`<div><dt>Runs</dt><dd>${report.runs_compared} compared, ${report.runs_failing} now failing, ${report.runs_skipped} skipped (deleted since)</dd></div>` : ''}
</dl>
${replay.error ? html`<p class="notice error">${replay.error.detail}</p>` : ''}
${report ? metricsTable(report, replay.scenario_names) : html`<p class="empty">The report is ready when the replay completes.</p>`}
${
  report && report.failing.length > 0
    ? html`<table class="compact replay-failing"><caption>Runs that now fail</caption>
  <thead><tr><th scope="col">Scenario</th><th scope="col">Why</th></tr></thead>
  <tbody>${report.failing.slice(0, SHOWN_FAILING).map((f) => html`<tr><th scope="row">${scenarioLabel(f.scenario_id, replay.scenario_names)}</th><td>${f.message} <span class="muted">(${f.code})</span></td></tr>`)}</tbody></table>`
    : ''
}`;
}
