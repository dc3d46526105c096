import { countBarsGeometry } from './chart';
import { html, type SafeHtml } from './html';
import { chartAxes, formatMetric, timeTag } from './layout';
import { hitCounts, type TableMarks } from './rule-marks';

/**
 * A version's recorded evaluations on its page (every source: evaluate calls, scenarios, batches), from rule-hit
 * analytics (GET /models/{id}/versions/{version}/rule-hits, by day over the last 30 days): how many were recorded, a
 * bar chart of them per day with the numbers as a table beside it (the rules hit each day), and the hits column its
 * tables get (`ruleHitMarks`). Without a recorded evaluation in the range, one line says so and how recording is
 * turned on.
 */

/** The rule-hits use case's answer (the fields the page shows). */
export interface RuleHitsView {
  from: string;
  to: string;
  evaluations: number;
  nodes: Array<{
    node_id: string;
    name: string;
    kind: 'decision_table' | 'switch';
    rules: Array<{ rule: string; index: number; label: string; hits: number }>;
  }>;
  series: Array<{ bucket: string; evaluations: number; hits: Record<string, number> }>;
}

/** The range the version page asks for, and the hits column's header. */
export const RULE_HITS_DAYS = 30;
export const HITS_COLUMN_LABEL = `Hits (${RULE_HITS_DAYS} days)`;
const DAY_MS = 86_400_000;

/** The hits column of the version's tables: only when the version has recorded evaluations in the range. */
export const ruleHitMarks = (hits: RuleHitsView | null): TableMarks =>
  hits && hits.evaluations > 0 ? { hits: { label: HITS_COLUMN_LABEL, counts: hitCounts(hits.nodes) } } : {};

const instancesHref = (modelId: string, version: string) =>
  `/console/models/${encodeURIComponent(modelId)}/instances?${new URLSearchParams({ version })}`;
const day = (iso: string) => iso.slice(0, 10);

/** A rule as the day's list names it: its id, or "rule n" for a rule without one. */
const ruleWord = (rule: { rule: string; index: number }) =>
  rule.rule.startsWith('#') ? `rule ${rule.index + 1}` : rule.rule;

/** What was hit on a day, per table or switch: "Discount: gold-bulk 2, gold 1". */
function dayHits(hits: RuleHitsView, counts: Record<string, number>): SafeHtml {
  const parts = hits.nodes
    .map((node) => ({
      node,
      hit: node.rules.filter((rule) => (counts[`${node.node_id}:${rule.rule}`] ?? 0) > 0),
    }))
    .filter((entry) => entry.hit.length > 0);
  if (parts.length === 0) return html`<span class="muted">none</span>`;
  return html`${parts.map(
    ({ node, hit }, i) =>
      html`${i > 0 ? html`<br>` : ''}${node.name}: ${hit.map((rule, j) => html`${j > 0 ? ', ' : ''}<code>${ruleWord(rule)}</code> ${formatMetric(counts[`${node.node_id}:${rule.rule}`] ?? 0)}`)}`,
  )}`;
}

/** Evaluations per day as bars, with the days that had any as a table beside the chart (the rules hit each day). */
function evaluationsChart(hits: RuleHitsView, version: string): SafeHtml {
  const from = new Date(Math.floor(Date.parse(hits.from) / DAY_MS) * DAY_MS).toISOString();
  const { frame, max, bars } = countBarsGeometry({
    from,
    to: hits.to,
    bucketMs: DAY_MS,
    counts: hits.series.map((point) => ({ start: point.bucket, count: point.evaluations })),
  });
  const last = day(new Date(Date.parse(hits.to) - 1).toISOString());
  const rangeText = `${day(from)} to ${last}`;
  return html`<div class="chart-with-table">
<figure class="chart rule-hits-chart">
  <svg viewBox="0 0 ${frame.width} ${frame.height}" width="${frame.width}" height="${frame.height}" role="img" aria-labelledby="rule-hits-chart-title rule-hits-chart-desc" data-from="${from}" data-to="${hits.to}" data-max="${max}">
    <title id="rule-hits-chart-title">Evaluations of version ${version} recorded per day, ${rangeText}</title>
    <desc id="rule-hits-chart-desc">${formatMetric(hits.evaluations)} evaluations on ${bars.length} ${bars.length === 1 ? 'day' : 'days'}, at most ${formatMetric(max)} a day. The table beside the chart lists the same numbers with the rules hit each day.</desc>
    ${chartAxes(frame, { top: formatMetric(max), bottom: '0', start: day(from), end: last })}
    ${bars.map((bar) => html`<rect class="bar" data-start="${bar.start}" data-count="${bar.count}" x="${bar.x}" y="${bar.y}" width="${bar.width}" height="${bar.height}" fill="#1f5fbf"/>`)}
  </svg>
  <figcaption><ul class="legend"><li><span class="key key-bars" aria-hidden="true"></span> Evaluations recorded per day (UTC)</li></ul></figcaption>
</figure>
<div class="scroll chart-table" role="region" aria-labelledby="rule-hits-caption" tabindex="0"><table class="compact rule-hits-days">
  <caption id="rule-hits-caption">Evaluations and rules hit per day, oldest first</caption>
  <thead><tr><th scope="col">Day</th><th scope="col">Evaluations</th><th scope="col">Rules hit</th></tr></thead>
  <tbody>${hits.series.map(
    (point) =>
      html`<tr data-day="${day(point.bucket)}"><th scope="row"><time datetime="${point.bucket}">${day(point.bucket)}</time></th><td>${formatMetric(point.evaluations)}</td><td>${dayHits(hits, point.hits)}</td></tr>`,
  )}</tbody>
</table></div>
</div>`;
}

/** The version page's "Recorded evaluations" section: the chart and the rules never hit, or one line when nothing is recorded. */
export function ruleHitsSection(hits: RuleHitsView | null, modelId: string, version: string): SafeHtml {
  if (!hits) return html``;
  if (hits.evaluations === 0)
    return html`<p class="empty" id="rule-hits-none">No evaluation of this version was recorded in the last ${RULE_HITS_DAYS} days. Evaluations are recorded as the model's recording policy says: <code>PATCH /api/v1/models/${modelId}</code> with <code>record_evaluations</code> (<code>all</code>, or <code>sampled</code> with <code>record_sample_rate</code>).</p>`;
  const rules = hits.nodes.flatMap((node) => node.rules);
  const neverHit = hits.nodes
    .map((node) => ({ node, rules: node.rules.filter((rule) => rule.hits === 0) }))
    .filter((entry) => entry.rules.length > 0);
  return html`<p id="rule-hits-summary"><strong>${formatMetric(hits.evaluations)}</strong> ${hits.evaluations === 1 ? 'evaluation' : 'evaluations'} of this version recorded from ${timeTag(hits.from)} to ${timeTag(hits.to)}; ${formatMetric(rules.filter((rule) => rule.hits > 0).length)} of ${formatMetric(rules.length)} rules and branches hit (counts per rule in the tables' “${HITS_COLUMN_LABEL}” column below). <a href="${instancesHref(modelId, version)}">Decision instances of this version</a></p>
${evaluationsChart(hits, version)}
${
  neverHit.length === 0
    ? html`<p>Every rule and branch was hit.</p>`
    : html`<p id="rule-hits-never">Never hit in the range: ${neverHit.map(
        ({ node, rules: never }, i) =>
          html`${i > 0 ? '; ' : ''}${node.name}: ${never.map((rule, j) => html`${j > 0 ? ', ' : ''}<code>${ruleWord(rule)}</code>`)}`,
      )}.</p>`
}`;
}
