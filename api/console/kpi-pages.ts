import type { Band, KpiHealth, Line, Period, Trend } from '../../rules/kpis/status';
import { kpiChartGeometry, type ChartAlertSpan, type ChartFrame } from './chart';
import { html, unsafe, type SafeHtml } from './html';
import { actorName, chartAxes, formatMetric, layout, noticeBlock, timeTag, type Notice, type Viewer } from './layout';

/** The KPIs section: the KPI list with health and trend, a KPI's page with its chart and open alerts. */

/** A KPI as GET /kpis/{id} presents it (the fields the console shows). */
export interface KpiView {
  id: string;
  name: string;
  description: string;
  unit: string | null;
  direction: 'higher_is_better' | 'lower_is_better' | 'target_band';
  target: number | Band;
  warning_threshold: { value?: number; low?: number; high?: number; percent?: number } | null;
  critical_threshold: { value?: number; low?: number; high?: number; percent?: number } | null;
  thresholds: { warning: Line | null; critical: Line | null };
  aggregation_period: Period;
  owner_id: string | null;
  tags: string[];
  status: 'active' | 'paused' | 'archived';
  evaluation_delay_seconds: number;
  source: { type: string; [field: string]: unknown };
  current: { timestamp: string; value: number; scenario_id: string | null } | null;
  target_status: KpiHealth;
}

/** One bucket of GET /kpis/{id}/values?bucket=<period>. */
export interface KpiBucketView {
  start: string;
  end: string;
  count: number;
  min: number;
  max: number;
  avg: number;
  last: number;
}

/** An alert as GET /kpis/{id}/alerts presents it (the fields the console shows). */
export interface KpiAlertView {
  id: string;
  rule_id: string;
  severity: 'warning' | 'critical';
  state: 'pending' | 'firing' | 'acknowledged' | 'resolved';
  started_at: string;
  ended_at: string | null;
  fired_at: string | null;
  resolved_at: string | null;
  acknowledged: { at: string; by: { type: string; id: string } | null } | null;
  explanation: { summary?: unknown } | null;
}

const HEALTH_LABELS: Record<KpiHealth, string> = {
  on_track: 'On track',
  at_risk: 'At risk',
  off_track: 'Off track',
  no_data: 'No data',
};
const DIRECTION_LABELS: Record<KpiView['direction'], string> = {
  higher_is_better: 'Higher is better',
  lower_is_better: 'Lower is better',
  target_band: 'Within the target band',
};
const PERIOD_WORDS: Record<Period, [string, string]> = {
  day: ['day', 'days'],
  week: ['week', 'weeks'],
  month: ['month', 'months'],
  quarter: ['quarter', 'quarters'],
};
const ALERT_STATE_LABELS: Record<KpiAlertView['state'], string> = {
  pending: 'Pending',
  firing: 'Firing',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};

/** The ranges the KPI page offers, in periods of the KPI's aggregation period; the first is the default. */
export const KPI_RANGES: Record<Period, number[]> = {
  day: [30, 7, 90, 365],
  week: [26, 8, 52, 104],
  month: [12, 6, 24, 60],
  quarter: [8, 4, 12, 20],
};

const periodCount = (n: number, period: Period) => `${n} ${PERIOD_WORDS[period][n === 1 ? 0 : 1]}`;

/** The label of a period by its start: 2026-11-23, week of 2026-11-23, 2026-11, 2026 Q4. */
export function periodLabel(start: string, period: Period): string {
  const day = start.slice(0, 10);
  if (period === 'day') return day;
  if (period === 'week') return `Week of ${day}`;
  if (period === 'month') return day.slice(0, 7);
  return `${day.slice(0, 4)} Q${Math.floor(Number(day.slice(5, 7)) / 3) + 1}`;
}

const withUnit = (value: number | null | undefined, unit: string | null) =>
  value === null || value === undefined ? '—' : unit ? `${formatMetric(value)} ${unit}` : formatMetric(value);
const lineText = (line: Line | null, unit: string | null) =>
  line === null
    ? '—'
    : typeof line === 'object'
      ? `${withUnit(line.low, unit)} to ${withUnit(line.high, unit)}`
      : withUnit(line, unit);

function healthBadge(health: KpiHealth): SafeHtml {
  return html`<span class="badge health-${health}">${HEALTH_LABELS[health]}</span>`;
}

/** Where a KPI's points come from; a model is named by its name (its id in the title), read from `modelNames`. */
export function sourceText(
  source: KpiView['source'],
  modelNames: ReadonlyMap<string, string> = new Map(),
): SafeHtml | string {
  if (source.type === 'model_output') {
    const tag =
      typeof source.scenario_tag === 'string' && source.scenario_tag
        ? ` (scenarios tagged “${source.scenario_tag}”)`
        : '';
    const modelId = String(source.model_id);
    const model = modelNames.get(modelId);
    return html`Model output: ${String(source.metric)} of ${model ? html`<a href="/console/models/${encodeURIComponent(modelId)}" title="${modelId}">${model}</a>` : modelId}${tag}`;
  }
  if (source.type === 'dataset') {
    const metric = (source.metric ?? {}) as { function?: string; field?: string; percentile?: number };
    const of = metric.field
      ? `(${metric.field}${metric.percentile !== undefined ? `, p${metric.percentile}` : ''})`
      : '';
    return `Dataset ${String(source.dataset)}: ${metric.function ?? ''}${of}, after each sync`;
  }
  return 'Manual: points posted through the API';
}

function thresholdText(spec: KpiView['warning_threshold'], resolved: Line | null, unit: string | null): string {
  if (spec === null || resolved === null) return '—';
  return spec.percent !== undefined
    ? `${lineText(resolved, unit)} (${formatMetric(spec.percent)} % from the target)`
    : lineText(resolved, unit);
}

function trendText(trend: Trend & { periods: number; period: Period }): string {
  if (trend.direction === null)
    return `Not enough data: fewer than two of the last ${periodCount(trend.periods, trend.period)} have points.`;
  const over = `over the last ${periodCount(trend.periods, trend.period)}`;
  if (trend.direction === 'flat') return `Flat ${over}.`;
  const moving = trend.direction === 'up' ? 'Rising' : 'Falling';
  const judged = trend.improving === null ? '' : trend.improving ? ', toward the target' : ', away from the target';
  return `${moving} ${over} (${formatMetric(trend.slope_per_period)} per ${PERIOD_WORDS[trend.period][0]})${judged}.`;
}

export interface KpiListRow extends KpiView {
  open_alerts: number;
}

export function kpisPage(input: {
  viewer: Viewer;
  rows: KpiListRow[];
  status: string | undefined;
  nextPage: string | null;
  modelNames?: ReadonlyMap<string, string> | undefined;
  notice?: Notice | undefined;
}): SafeHtml {
  const option = (value: string, label: string) =>
    html`<option value="${value}"${(input.status ?? '') === value ? unsafe(' selected') : ''}>${label}</option>`;
  return layout({
    title: 'KPIs',
    viewer: input.viewer,
    section: 'kpis',
    body: html`<h1>KPIs</h1>
${noticeBlock(input.notice)}
<form method="get" action="/console/kpis" class="filters" aria-label="Filter KPIs">
  <div><label for="f-kpi-status">Status</label>
    <select id="f-kpi-status" name="status">${option('', 'Any')}${option('active', 'Active')}${option('paused', 'Paused')}${option('archived', 'Archived')}</select></div>
  <div class="actions"><button type="submit">Apply filter</button> <a href="/console/kpis">Clear</a></div>
</form>
${
  input.rows.length === 0
    ? html`<p class="empty">No KPIs match.</p>`
    : html`<div class="scroll" role="region" aria-label="KPIs" tabindex="0"><table class="kpis">
  <caption>KPIs, newest first</caption>
  <thead><tr><th scope="col">Name</th><th scope="col">Unit</th><th scope="col">Source</th><th scope="col">Against target</th><th scope="col">Current value</th><th scope="col">Open alerts</th></tr></thead>
  <tbody>${input.rows.map(
    (row) => html`<tr>
      <td><a href="/console/kpis/${row.id}">${row.name}</a>${row.status !== 'active' ? html` <span class="badge">${row.status}</span>` : ''}</td>
      <td>${row.unit ?? '—'}</td>
      <td>${sourceText(row.source, input.modelNames)}</td>
      <td>${healthBadge(row.target_status)}</td>
      <td>${row.current ? html`${withUnit(row.current.value, row.unit)} <span class="muted">(${timeTag(row.current.timestamp)})</span>` : '—'}</td>
      <td>${row.open_alerts > 0 ? html`<strong class="alert-count">${row.open_alerts}</strong>` : '0'}</td>
    </tr>`,
  )}</tbody>
</table></div>`
}
${input.nextPage ? html`<p><a href="${input.nextPage}" rel="next">Next page</a></p>` : ''}`,
  });
}

/** The chart's legend: the values, the target line or band, the thresholds the KPI has, and the alert shading. */
function kpiChartLegend(kpi: KpiView, targetKind: 'band' | 'line'): SafeHtml {
  const period = kpi.aggregation_period;
  return html`<ul class="legend">
      <li><span class="key key-values" aria-hidden="true"></span> Average per ${PERIOD_WORDS[period][0]}</li>
      <li><span class="key ${targetKind === 'band' ? 'key-band' : 'key-target'}" aria-hidden="true"></span> Target${targetKind === 'band' ? ' band' : ''}: ${lineText(kpi.target, kpi.unit)}</li>
      ${kpi.thresholds.warning !== null ? html`<li><span class="key key-warning" aria-hidden="true"></span> Warning (dashed): ${lineText(kpi.thresholds.warning, kpi.unit)}</li>` : ''}
      ${kpi.thresholds.critical !== null ? html`<li><span class="key key-critical" aria-hidden="true"></span> Critical (solid): ${lineText(kpi.thresholds.critical, kpi.unit)}</li>` : ''}
      <li><span class="key key-alert" aria-hidden="true"></span> Alert open (from its first breaching point to the point that ended it)</li>
    </ul>`;
}

/** The chart's numbers as a table, one row per bucket, oldest first. */
function kpiValuesTable(kpi: KpiView, buckets: KpiBucketView[]): SafeHtml {
  const period = kpi.aggregation_period;
  return html`<div class="scroll chart-table" role="region" aria-labelledby="kpi-values-caption" tabindex="0"><table class="compact kpi-values">
  <caption id="kpi-values-caption">Values per ${PERIOD_WORDS[period][0]}${kpi.unit ? ` (${kpi.unit})` : ''}, oldest first</caption>
  <thead><tr><th scope="col">${PERIOD_WORDS[period][0][0]?.toUpperCase()}${PERIOD_WORDS[period][0].slice(1)}</th><th scope="col">Points</th><th scope="col">Average</th><th scope="col">Min</th><th scope="col">Max</th><th scope="col">Last</th></tr></thead>
  <tbody>${
    buckets.length === 0
      ? html`<tr><td colspan="6" class="empty">No points in this range.</td></tr>`
      : buckets.map(
          (b) =>
            html`<tr><th scope="row"><time datetime="${b.start}">${periodLabel(b.start, period)}</time></th><td>${b.count}</td><td>${formatMetric(b.avg)}</td><td>${formatMetric(b.min)}</td><td>${formatMetric(b.max)}</td><td>${formatMetric(b.last)}</td></tr>`,
        )
  }</tbody>
</table></div>`;
}

/**
 * The KPI's values over the range as an inline SVG: one mark per bucket (its average) joined by a line, the target
 * line or band, the warning and critical lines, and the periods alerts were open shaded; the numbers as a table.
 */
export function kpiChart(input: {
  kpi: KpiView;
  from: string;
  to: string;
  buckets: KpiBucketView[];
  alerts: ChartAlertSpan[];
  frame?: ChartFrame;
}): SafeHtml {
  const { kpi } = input;
  const period = kpi.aggregation_period;
  const geometry = kpiChartGeometry({
    frame: input.frame,
    from: input.from,
    to: input.to,
    buckets: input.buckets,
    target: kpi.target,
    warning: kpi.thresholds.warning,
    critical: kpi.thresholds.critical,
    alerts: input.alerts,
  });
  const { frame, marks, target, lines, shaded } = geometry;
  const { width, height, pad } = frame;
  const [plotTop, plotBottom] = [pad.top, height - pad.bottom];
  const rangeText = `${input.from.slice(0, 10)} to ${new Date(Date.parse(input.to) - 1).toISOString().slice(0, 10)}`;
  const description = `${input.buckets.length} ${PERIOD_WORDS[period][input.buckets.length === 1 ? 0 : 1]} with points from ${rangeText}; ${shaded.length} alert period${shaded.length === 1 ? '' : 's'} shaded. The table beside the chart lists the same numbers.`;
  return html`<div class="chart-with-table">
<figure class="chart kpi-chart">
  <svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="kpi-chart-title kpi-chart-desc" data-from="${input.from}" data-to="${input.to}" data-value-min="${geometry.valueDomain[0]}" data-value-max="${geometry.valueDomain[1]}">
    <title id="kpi-chart-title">${kpi.name}: average per ${PERIOD_WORDS[period][0]}, ${rangeText}</title>
    <desc id="kpi-chart-desc">${description}</desc>
    ${shaded.map(
      (s) =>
        html`<rect class="alert-period severity-${s.severity}" data-alert-id="${s.id}" data-from="${s.from}" data-to="${s.to ?? ''}" x="${s.x}" y="${plotTop}" width="${s.width}" height="${plotBottom - plotTop}" fill="#f4c7cd" fill-opacity="0.7"/>`,
    )}
    ${
      target.kind === 'band'
        ? html`<rect class="target-band" data-low="${target.low}" data-high="${target.high}" x="${pad.left}" y="${target.y}" width="${width - pad.left - pad.right}" height="${Math.max(target.height, 1)}" fill="#cfe8d5" fill-opacity="0.8"/>`
        : html`<line class="target-line" data-value="${target.value}" x1="${pad.left}" y1="${target.y}" x2="${width - pad.right}" y2="${target.y}" stroke="#0b5a21" stroke-width="2" stroke-dasharray="2 3"/>`
    }
    ${lines.map(
      (l) =>
        html`<line class="threshold ${l.severity}" data-edge="${l.edge}" data-value="${l.value}" x1="${pad.left}" y1="${l.y}" x2="${width - pad.right}" y2="${l.y}" stroke="${l.severity === 'critical' ? '#a4001d' : '#8a5a00'}" stroke-width="1.5"${
          l.severity === 'warning' ? unsafe(' stroke-dasharray="6 4"') : ''
        }/>`,
    )}
    ${chartAxes(frame, {
      top: formatMetric(geometry.valueDomain[1]),
      bottom: formatMetric(geometry.valueDomain[0]),
      start: input.from.slice(0, 10),
      end: new Date(Date.parse(input.to) - 1).toISOString().slice(0, 10),
    })}
    ${marks.length > 1 ? html`<polyline class="values" points="${marks.map((m) => `${m.x},${m.y}`).join(' ')}" fill="none" stroke="#1f5fbf" stroke-width="2"/>` : ''}
    ${marks.map((m) => html`<circle class="mark" data-start="${m.start}" data-value="${m.value}" cx="${m.x}" cy="${m.y}" r="3.5" fill="#1f5fbf"/>`)}
  </svg>
  <figcaption>
    ${kpiChartLegend(kpi, target.kind)}
  </figcaption>
</figure>
${kpiValuesTable(kpi, input.buckets)}
</div>`;
}

function openAlertsTable(input: {
  alerts: KpiAlertView[];
  ruleNames: Map<string, string>;
  names: Map<string, string>;
  kpiId: string;
  csrfToken: string;
  canAcknowledge: boolean;
}): SafeHtml {
  if (input.alerts.length === 0) return html`<p class="empty">No open alerts.</p>`;
  return html`<div class="scroll" role="region" aria-labelledby="alerts-heading" tabindex="0"><table class="alerts">
  <caption>Open alerts, newest first</caption>
  <thead><tr><th scope="col">State</th><th scope="col">Rule</th><th scope="col">Since</th><th scope="col">What happened</th><th scope="col">Acknowledged by</th>${input.canAcknowledge ? html`<th scope="col"><span class="visually-hidden">Action</span></th>` : ''}</tr></thead>
  <tbody>${input.alerts.map((alert) => {
    const summary = typeof alert.explanation?.summary === 'string' ? alert.explanation.summary : '—';
    const by = alert.acknowledged?.by;
    return html`<tr data-alert-id="${alert.id}">
      <td><span class="badge alert-${alert.state}">${ALERT_STATE_LABELS[alert.state]}</span> <span class="badge severity-${alert.severity}">${alert.severity}</span></td>
      <td>${input.ruleNames.get(alert.rule_id) ?? alert.rule_id}</td>
      <td>${timeTag(alert.started_at)}${alert.fired_at ? html`<br><span class="muted">fired ${timeTag(alert.fired_at)}</span>` : ''}</td>
      <td>${summary}</td>
      <td>${alert.acknowledged ? html`${by ? actorName(by, input.names) : '—'} <span class="muted">(${timeTag(alert.acknowledged.at)})</span>` : '—'}</td>
      ${
        input.canAcknowledge
          ? html`<td>${
              alert.acknowledged
                ? ''
                : html`<form method="post" action="/console/kpis/${input.kpiId}/alerts/${alert.id}/acknowledge" class="inline">
          <input type="hidden" name="_csrf" value="${input.csrfToken}">
          <button type="submit" class="secondary" aria-describedby="alert-rule-${alert.id}">Acknowledge</button><span id="alert-rule-${alert.id}" class="visually-hidden">the ${alert.severity} alert of ${input.ruleNames.get(alert.rule_id) ?? alert.rule_id}</span>
        </form>`
            }</td>`
          : ''
      }
    </tr>`;
  })}</tbody>
</table></div>`;
}

export function kpiPage(input: {
  viewer: Viewer;
  kpi: KpiView;
  trend: Trend & { periods: number; period: Period };
  range: { periods: number; from: string; to: string };
  buckets: KpiBucketView[];
  alertSpans: ChartAlertSpan[];
  openAlerts: KpiAlertView[];
  ruleNames: Map<string, string>;
  names: Map<string, string>;
  modelNames?: ReadonlyMap<string, string> | undefined;
  canAcknowledge: boolean;
  notice?: Notice | undefined;
}): SafeHtml {
  const { kpi } = input;
  const period = kpi.aggregation_period;
  return layout({
    title: kpi.name,
    viewer: input.viewer,
    section: 'kpis',
    body: html`<p class="crumbs"><a href="/console/kpis">KPIs</a> › <span title="${kpi.id}">${kpi.name}</span></p>
<h1>${kpi.name}</h1>
${noticeBlock(input.notice)}
${kpi.description ? html`<p class="prose">${kpi.description}</p>` : ''}
<dl class="facts">
  <div><dt>Against target</dt><dd>${healthBadge(kpi.target_status)}</dd></div>
  <div><dt>Current value</dt><dd>${kpi.current ? html`${withUnit(kpi.current.value, kpi.unit)} <span class="muted">(${timeTag(kpi.current.timestamp)})</span>` : '—'}</dd></div>
  <div><dt>Trend</dt><dd>${trendText(input.trend)}</dd></div>
  <div><dt>Direction</dt><dd>${DIRECTION_LABELS[kpi.direction]}</dd></div>
  <div><dt>Target${typeof kpi.target === 'object' ? ' band' : ''}</dt><dd>${lineText(kpi.target, kpi.unit)}</dd></div>
  <div><dt>Warning threshold</dt><dd>${thresholdText(kpi.warning_threshold, kpi.thresholds.warning, kpi.unit)}</dd></div>
  <div><dt>Critical threshold</dt><dd>${thresholdText(kpi.critical_threshold, kpi.thresholds.critical, kpi.unit)}</dd></div>
  <div><dt>Period</dt><dd>Per ${PERIOD_WORDS[period][0]} (UTC)</dd></div>
  <div><dt>Source</dt><dd>${sourceText(kpi.source, input.modelNames)}</dd></div>
  <div><dt>Status</dt><dd>${kpi.status}</dd></div>
  <div><dt>Owner</dt><dd>${kpi.owner_id ? (input.names.get(kpi.owner_id) ?? kpi.owner_id) : '—'}</dd></div>
  <div><dt>Tags</dt><dd>${kpi.tags.join(', ') || '—'}</dd></div>
</dl>
<section aria-labelledby="chart-heading">
  <h2 id="chart-heading">Values over time</h2>
  <form method="get" action="/console/kpis/${kpi.id}" class="filters" aria-label="Range">
    <div><label for="f-range">Range</label>
      <select id="f-range" name="periods">${KPI_RANGES[period].map(
        (n) =>
          html`<option value="${n}"${n === input.range.periods ? unsafe(' selected') : ''}>Last ${periodCount(n, period)}</option>`,
      )}</select></div>
    <div class="actions"><button type="submit">Show</button></div>
  </form>
  ${kpiChart({ kpi, from: input.range.from, to: input.range.to, buckets: input.buckets, alerts: input.alertSpans })}
</section>
<section aria-labelledby="alerts-heading">
  <h2 id="alerts-heading">Open alerts</h2>
  ${openAlertsTable({ alerts: input.openAlerts, ruleNames: input.ruleNames, names: input.names, kpiId: kpi.id, csrfToken: input.viewer.csrfToken, canAcknowledge: input.canAcknowledge })}
</section>`,
  });
}
