import type { EvaluationHit, EvaluationTraceStep } from '../../decision/evaluation-trace';
import type { RecordingPolicy } from '../../decision/recording-policy';
import type { InventoryNode } from '../../decision/rule-inventory';
import { html, unsafe, type SafeHtml } from './html';
import { actorName, formatMetric, layout, noticeBlock, timeTag, type Notice, type Viewer } from './layout';
import { modelVersionHref } from './model-pages';
import { versionTables, type ModelVersionDetailView } from './model-version-page';
import { matchedRules } from './rule-marks';

/**
 * A model's decision instances (its evaluations recorded under its recording policy): the search page with the API's
 * own filters (version, correlation id, time, rule, status) and cursor paging, and one instance's page with its
 * fields and the decision tables of its version, the rules it matched lit. Inputs, outputs, correlation ids and rule
 * ids are tenant- or caller-supplied: all of it goes through the `html` tag's escaping.
 */

type ActorView = { type: string; id: string };

/** A decision instance as GET /decision-instances lists it (the fields the pages show). */
export interface DecisionInstanceView {
  id: string;
  model_id: string;
  version: string;
  format: 'jdm' | 'dmn' | 'builtin';
  source: 'evaluate' | 'scenario' | 'batch' | 'test';
  caller: ActorView;
  idempotency_key: string | null;
  correlation_id: string | null;
  inputs: unknown;
  inputs_kept: boolean;
  inputs_sha256: string;
  outputs: Record<string, unknown> | null;
  hits: EvaluationHit[];
  status: 'succeeded' | 'failed';
  error: { code?: string; message?: string; node_id?: string } | null;
  duration_ms: number;
  evaluated_at: string;
  expires_on: string | null;
  legal_hold: boolean;
  receipt: string | null;
}

/** One instance as GET /decision-instances/{id}?trace=true answers it: traced again on its kept inputs. */
export interface DecisionInstanceDetailView extends DecisionInstanceView {
  trace: EvaluationTraceStep[] | null;
  reproduced: boolean | null;
}

/** The search form's fields as typed (times as a `datetime-local` field gives them, read as UTC). */
export interface InstanceFilters {
  version?: string | undefined;
  correlation_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  rule?: string | undefined;
  status?: string | undefined;
}

export interface InstanceModelView {
  id: string;
  name: string;
  source: 'builtin' | 'tenant';
}

/** The rules the Rule field offers: those of one version (by `<node>:<rule>`, as the search takes them). */
export interface RuleChoices {
  version: string;
  nodes: InventoryNode[];
}

const SOURCE_WORDS: Record<DecisionInstanceView['source'], string> = {
  evaluate: 'Evaluate call',
  scenario: 'Scenario run',
  batch: 'Batch',
  test: 'Test',
};
export const instancesHref = (modelId: string) => `/console/models/${encodeURIComponent(modelId)}/instances`;
const instanceHref = (modelId: string, id: string) => `${instancesHref(modelId)}/${encodeURIComponent(id)}`;
const statusBadge = (status: DecisionInstanceView['status']) =>
  html`<span class="badge status-${status}">${status === 'succeeded' ? 'Succeeded' : 'Failed'}</span>`;
const milliseconds = (ms: number) => `${formatMetric(Math.round(ms * 100) / 100)} ms`;
/** A rule as a reader names it: its id, or its position for a rule without one. */
const ruleWord = (key: string) => (/^#\d+$/.test(key) ? `rule ${Number(key.slice(1)) + 1}` : key);

/** The recording policy in words: what is recorded, and how. */
function policyText(policy: RecordingPolicy): string {
  const what =
    policy.record_evaluations === 'all'
      ? 'every evaluation'
      : policy.record_evaluations === 'sampled'
        ? `a sample of evaluations (${formatMetric((policy.record_sample_rate ?? 0) * 100)} %)`
        : 'nothing (off)';
  if (policy.record_evaluations === 'off') return `Recording: ${what}.`;
  return `Recording: ${what}; ${policy.record_inputs ? 'inputs kept' : 'only the inputs’ hash kept'}; ${policy.record_guarantee}${policy.receipts ? '; signed receipts' : ''}.`;
}

/** Why the list is empty, and, when the model records nothing, how to turn recording on. */
function emptyState(model: InstanceModelView, policy: RecordingPolicy, filtered: boolean): SafeHtml {
  if (filtered) return html`<p class="empty">No decision instances match.</p>`;
  if (policy.record_evaluations !== 'off')
    return html`<p class="empty">No evaluation of this model has been recorded yet (or all have passed their retention).</p>`;
  const where =
    model.source === 'tenant'
      ? html`set <code>record_evaluations</code> on the model: <code>PATCH /api/v1/models/${model.id}</code> with <code>{"record_evaluations": "all"}</code> (or <code>"sampled"</code> with <code>record_sample_rate</code>), or for every model of the tenant <code>PATCH /api/v1/model-settings</code>`
      : html`set <code>record_evaluations</code> for the tenant's models: <code>PATCH /api/v1/model-settings</code> with <code>{"record_evaluations": "all"}</code> (or <code>"sampled"</code> with <code>record_sample_rate</code>)`;
  return html`<div class="empty-state" id="instances-empty"><p class="empty">This model records no evaluations: its recording policy is off.</p>
<p>To record them, ${where}. Evaluations are recorded from then on, not before.</p></div>`;
}

/** The search form: the API's filters for this model, the rules offered those of one version. */
function searchForm(
  model: InstanceModelView,
  filters: InstanceFilters,
  versions: string[],
  rules: RuleChoices | null,
): SafeHtml {
  const selected = (field: keyof InstanceFilters, value: string) =>
    (filters[field] ?? '') === value ? unsafe(' selected') : '';
  const offered = (rules?.nodes ?? []).flatMap((node) =>
    node.rules.map((rule) => {
      const word = ruleWord(rule.rule);
      return {
        value: `${node.node_id}:${rule.rule}`,
        text: `${node.name}: ${word}${rule.label === word ? '' : ` — ${rule.label}`}`,
      };
    }),
  );
  // A rule searched that this version does not have (another version's, or one typed into the address) stays chosen.
  if (filters.rule !== undefined && !offered.some((option) => option.value === filters.rule))
    offered.unshift({ value: filters.rule, text: filters.rule });
  const ruleOptions = offered.map(
    (option) => html`<option value="${option.value}"${selected('rule', option.value)}>${option.text}</option>`,
  );
  return html`<form method="get" action="${instancesHref(model.id)}" class="filters" aria-label="Search decision instances">
  <div><label for="f-instance-correlation">Correlation id</label><input id="f-instance-correlation" name="correlation_id" value="${filters.correlation_id ?? ''}" maxlength="200"></div>
  <div><label for="f-instance-version">Version</label>
    <select id="f-instance-version" name="version"><option value="">Any</option>${versions.map((v) => html`<option value="${v}"${selected('version', v)}>Version ${v}</option>`)}</select></div>
  <div><label for="f-instance-from">From (UTC)</label><input id="f-instance-from" name="from" type="datetime-local" step="1" value="${filters.from ?? ''}"></div>
  <div><label for="f-instance-to">Before (UTC)</label><input id="f-instance-to" name="to" type="datetime-local" step="1" value="${filters.to ?? ''}"></div>
  ${
    rules
      ? html`<div><label for="f-instance-rule">Rule hit <span class="muted">(version ${rules.version}’s rules)</span></label>
    <select id="f-instance-rule" name="rule"><option value="">Any</option>${ruleOptions}</select></div>`
      : ''
  }
  <div><label for="f-instance-status">Status</label>
    <select id="f-instance-status" name="status"><option value="">Any</option><option value="succeeded"${selected('status', 'succeeded')}>Succeeded</option><option value="failed"${selected('status', 'failed')}>Failed</option></select></div>
  <div class="actions"><button type="submit">Search</button> <a href="${instancesHref(model.id)}">Clear</a></div>
</form>`;
}

/** The rules and branches an instance hit, by id, as one cell. */
const hitsText = (hits: EvaluationHit[]): SafeHtml =>
  hits.length === 0
    ? html`<span class="muted">—</span>`
    : html`${hits.map(
        (hit, i) =>
          html`${i > 0 ? html`<br>` : ''}${[...(hit.rules ?? []), ...(hit.branches ?? [])].map((key, j) => html`${j > 0 ? ', ' : ''}<code>${ruleWord(key)}</code>`)}`,
      )}`;

export function instancesPage(input: {
  viewer: Viewer;
  model: InstanceModelView;
  rows: DecisionInstanceView[];
  filters: InstanceFilters;
  filtered: boolean;
  versions: string[];
  rules: RuleChoices | null;
  policy: RecordingPolicy;
  names: Map<string, string>;
  nextPage: string | null;
  notice?: Notice | undefined;
}): SafeHtml {
  const { model, names } = input;
  return layout({
    title: `${model.name}: decision instances`,
    viewer: input.viewer,
    section: 'models',
    body: html`<p class="crumbs"><a href="/console/models">Models</a> › <a href="/console/models/${encodeURIComponent(model.id)}">${model.name}</a> › decision instances</p>
<h1>Decision instances of ${model.name}</h1>
<p class="muted" id="recording-policy">${policyText(input.policy)}</p>
${noticeBlock(input.notice)}
${searchForm(model, input.filters, input.versions, input.rules)}
${
  input.rows.length === 0
    ? emptyState(model, input.policy, input.filtered)
    : html`<div class="scroll" role="region" aria-label="Decision instances" tabindex="0"><table class="instances">
  <caption>Recorded evaluations, newest first</caption>
  <thead><tr><th scope="col">Instance</th><th scope="col">Evaluated</th><th scope="col">Version</th><th scope="col">Correlation id</th><th scope="col">Status</th><th scope="col">Rules hit</th><th scope="col">Caller</th><th scope="col">Source</th><th scope="col">Duration</th></tr></thead>
  <tbody>${input.rows.map(
    (row) => html`<tr data-instance-id="${row.id}">
      <th scope="row"><a href="${instanceHref(model.id, row.id)}"><code>${row.id}</code></a></th>
      <td>${timeTag(row.evaluated_at)}</td>
      <td>${row.version}</td>
      <td>${row.correlation_id === null ? html`<span class="muted">—</span>` : html`<code>${row.correlation_id}</code>`}</td>
      <td>${statusBadge(row.status)}</td>
      <td>${hitsText(row.hits)}</td>
      <td>${actorName(row.caller, names)}</td>
      <td>${SOURCE_WORDS[row.source] ?? row.source}</td>
      <td>${milliseconds(row.duration_ms)}</td>
    </tr>`,
  )}</tbody>
</table></div>`
}
${input.nextPage ? html`<p><a href="${input.nextPage}" rel="next">Older</a></p>` : ''}`,
  });
}

const json = (value: unknown) => html`<pre class="json"><code>${JSON.stringify(value, null, 2)}</code></pre>`;

/** Where the lit rules come from: the evaluation traced again, or the hits recorded with the instance, and why. */
function litFrom(instance: DecisionInstanceDetailView, traced: boolean): string {
  if (traced)
    return 'Traced again on its kept inputs (a version never changes): the outputs came out as recorded, and the rules lit are the ones that matched.';
  if (instance.status === 'failed')
    return 'The evaluation failed: the rules lit are those recorded with it, up to where it stopped.';
  if (!instance.inputs_kept)
    return 'Only the inputs’ hash was kept, so the evaluation cannot be traced again: the rules lit are those recorded with it.';
  if (instance.reproduced === false)
    return 'Traced again on its kept inputs, the outputs did not come out as recorded: the rules lit are those recorded with it.';
  return 'The rules lit are those recorded with it.';
}

/** What matched, per table and switch, in words: "Discount: rule 1 (gold-bulk)"; "no rule matched" for none. */
function litList(hits: EvaluationHit[], inventory: InventoryNode[]): SafeHtml {
  if (hits.length === 0) return html`<p class="empty">No decision table or switch recorded a match.</p>`;
  const nodes = new Map(inventory.map((node) => [node.node_id, node]));
  return html`<ul class="plain lit-rules">${hits.map((hit) => {
    const node = nodes.get(hit.node_id);
    const keys = [...(hit.rules ?? []), ...(hit.branches ?? [])];
    const named = keys.map((key) => {
      const rule = node?.rules.find((r) => r.rule === key);
      const word = hit.branches ? 'branch' : 'rule';
      return rule ? `${word} ${rule.index + 1}${key.startsWith('#') ? '' : ` (${key})`}` : `${word} ${ruleWord(key)}`;
    });
    return html`<li data-node-id="${hit.node_id}">${node?.name ?? hit.node_id}: ${named.length === 0 ? html`<span class="muted">no rule matched</span>` : named.join(', ')}</li>`;
  })}</ul>`;
}

/** The instance's fields: version, caller, correlation id, time, status, duration, retention. */
function instanceFacts(
  model: InstanceModelView,
  instance: DecisionInstanceDetailView,
  names: Map<string, string>,
): SafeHtml {
  return html`<dl class="facts">
  <div><dt>Version</dt><dd>${model.source === 'tenant' ? html`<a href="${modelVersionHref(model.id, instance.version)}">Version ${instance.version}</a>` : `Version ${instance.version}`}</dd></div>
  <div><dt>Evaluated</dt><dd>${timeTag(instance.evaluated_at)}</dd></div>
  <div><dt>Status</dt><dd>${statusBadge(instance.status)}</dd></div>
  <div><dt>Duration</dt><dd>${milliseconds(instance.duration_ms)}</dd></div>
  <div><dt>Caller</dt><dd>${actorName(instance.caller, names)}</dd></div>
  <div><dt>Source</dt><dd>${SOURCE_WORDS[instance.source] ?? instance.source}</dd></div>
  <div><dt>Correlation id</dt><dd>${instance.correlation_id === null ? '—' : html`<code>${instance.correlation_id}</code>`}</dd></div>
  <div><dt>Idempotency key</dt><dd>${instance.idempotency_key === null ? '—' : html`<code>${instance.idempotency_key}</code>`}</dd></div>
  <div><dt>Kept</dt><dd>${instance.legal_hold ? html`<strong>Under the model’s legal hold</strong>: kept past retention` : instance.expires_on ? html`until <time datetime="${instance.expires_on}">${instance.expires_on}</time> (deleted within the week after)` : '—'}</dd></div>
</dl>`;
}

export function instancePage(input: {
  viewer: Viewer;
  model: InstanceModelView;
  instance: DecisionInstanceDetailView;
  /** The instance's version with its tables (null: a built-in model, which has none). */
  version: ModelVersionDetailView | null;
  /** That version's tables and switches with their rules (rule-inventory.ts), to name what matched. */
  inventory: InventoryNode[];
  /** What to light: the trace's hits when it reproduced the outputs, else the recorded ones. */
  hits: EvaluationHit[];
  traced: boolean;
  names: Map<string, string>;
}): SafeHtml {
  const { model, instance, version } = input;
  return layout({
    title: `Decision instance ${instance.id}`,
    viewer: input.viewer,
    section: 'models',
    body: html`<p class="crumbs"><a href="/console/models">Models</a> › <a href="/console/models/${encodeURIComponent(model.id)}">${model.name}</a> › <a href="${instancesHref(model.id)}">decision instances</a> › <code>${instance.id}</code></p>
<h1>Decision instance <code>${instance.id}</code></h1>
${instanceFacts(model, instance, input.names)}
${instance.error ? html`<div class="notice error" role="note"><p><strong>The evaluation failed${instance.error.code ? html` (<code>${instance.error.code}</code>)` : ''}.</strong></p><p>${instance.error.message ?? ''}${instance.error.node_id ? html` At node <code>${instance.error.node_id}</code>.` : ''}</p></div>` : ''}
<section aria-labelledby="inputs-heading">
  <h2 id="inputs-heading">Inputs</h2>
  ${instance.inputs_kept ? json(instance.inputs) : html`<p id="inputs-hash-only">Only the hash was kept (the model’s policy keeps no inputs): SHA-256 of their canonical JSON <code class="hash">${instance.inputs_sha256}</code>.</p>`}
</section>
<section aria-labelledby="outputs-heading">
  <h2 id="outputs-heading">Outputs</h2>
  ${instance.outputs === null ? html`<p class="empty">No outputs: the evaluation failed.</p>` : json(instance.outputs)}
</section>
<section aria-labelledby="rules-heading">
  <h2 id="rules-heading">Rules matched</h2>
  <p id="lit-from">${litFrom(instance, input.traced)}</p>
  ${litList(input.hits, input.inventory)}
  ${version ? versionTables(version, new Map(), { matched: matchedRules(input.hits) }) : html`<p class="muted">A built-in model has no decision tables to show.</p>`}
</section>
${
  instance.receipt
    ? html`<section aria-labelledby="receipt-heading">
  <h2 id="receipt-heading">Receipt</h2>
  <p>The signed receipt its answer carried: a compact JWS of the instance's id, model, version, the SHA-256 of its inputs, its outputs and the rules it hit, signed with the keys <code>/.well-known/audit-jwks.json</code> publishes (<code>scripts/verify-decision-receipt.mjs</code> verifies it offline).</p>
  <pre class="receipt"><code>${instance.receipt}</code></pre>
</section>`
    : ''
}`,
  });
}
