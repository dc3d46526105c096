import type { JdmGraph, JdmNode, JdmTableColumn } from '../../decision/jdm';
import type { DecisionTableDiff, GraphDiff, SchemaChange } from '../../decision/model-diff';
import { dmnAsGraph } from '../../decision/dmn-diff';
import type { DmnOutline } from '../../decision/dmn-outline';
import { html, type SafeHtml } from './html';
import { dmnModelSection } from './model-dmn';
import {
  modelVersionHref,
  testReport,
  versionStatusBadge,
  type ModelVersionView,
  type TestRunView,
} from './model-pages';
import { approvalStepList, reviewForm, type DecisionView } from './decision-pages';
import { actorName, layout, noticeBlock, statusLabel, timeTag, type Notice, type Viewer } from './layout';
import { editorHref, newDraftForm } from './model-editor-page';
import { RULE_HITS_DAYS, ruleHitMarks, ruleHitsSection, type RuleHitsView } from './model-rule-hits';
import { flaggedRules, verificationSection, type VersionAnalysisView } from './model-verification';
import {
  branchMarks,
  hitsCell,
  hitsHeader,
  ruleKey,
  ruleNumberCell,
  ruleRowClass,
  type TableMarks,
} from './rule-marks';

/**
 * A model version's page: its decision tables as readable tables, its expressions and switch statements, what it
 * changes against the published version in the style of a code review, its latest test report, the review of it
 * (the release decision's steps, approvals and, for a reviewer of the current step, the console's one review form),
 * and its recorded evaluations (model-rule-hits.ts: evaluations per day, each rule's hits as a column of its table).
 */

export interface ModelVersionDetailView extends ModelVersionView {
  published_version: string | null;
  input_schema: Record<string, unknown>;
  output_schema: Record<string, unknown>;
  /** JDM versions: the graph; DMN versions: null, and `dmn` the model's outline. */
  graph: JdmGraph | null;
  dmn?: DmnOutline | null;
}

/** The decisions of either format in the graph shape the diff rendering reads (names of nodes, a table's columns). */
const graphOf = (version: ModelVersionDetailView): JdmGraph =>
  version.graph ?? (version.dmn ? dmnAsGraph(version.dmn) : { nodes: [], edges: [] });

/** The diff use case's answer (GET /models/{id}/versions/{version}/diff). */
export interface VersionDiffView {
  version: string;
  against: string;
  graph: GraphDiff;
  input_changes: SchemaChange[];
  output_changes: SchemaChange[];
  breaking: boolean;
}

/** The release decision reviewing this version, and what the signed-in person may do with it. */
export interface VersionReview {
  decision: DecisionView;
  canReview: boolean;
}

type TableNode = Extract<JdmNode, { type: 'decisionTableNode' }>;

const HIT_POLICIES: Record<string, string> = { first: 'first matching rule', collect: 'every matching rule' };
const cell = (text: string | undefined) =>
  text === undefined || text.trim() === '' ? html`<span class="muted">any</span>` : html`<code>${text}</code>`;
const nodeName = (graph: JdmGraph, id: string) => graph.nodes.find((n) => n.id === id)?.name ?? id;

function decisionTable(
  node: TableNode,
  index: number,
  flags: Map<number, string[]> | undefined,
  marks: TableMarks,
): SafeHtml {
  const { inputs, outputs, rules } = node.content;
  const lit = marks.matched?.get(node.id);
  return html`<section class="graph-node" aria-labelledby="node-${index}">
  <h3 id="node-${index}">Decision table: ${node.name}</h3>
  <p class="muted">Hit policy: ${HIT_POLICIES[node.content.hitPolicy] ?? node.content.hitPolicy}. An empty input cell matches any value.</p>
  <div class="scroll" role="region" aria-labelledby="node-${index}" tabindex="0"><table class="compact rules" data-node-id="${node.id}">
    <caption class="visually-hidden">Rules of ${node.name}, in order</caption>
    <thead><tr><th scope="col">#</th><th scope="col">Rule</th>${hitsHeader(marks)}${inputs.map(
      (c) =>
        html`<th scope="col" class="input-col">${c.name || c.field || c.id}<br><span class="muted">input${c.field ? html` <code>${c.field}</code>` : ''}</span></th>`,
    )}${outputs.map((c) => html`<th scope="col" class="output-col">${c.name || c.field || c.id}<br><span class="muted">output${c.field ? html` <code>${c.field}</code>` : ''}</span></th>`)}<th scope="col">Description</th></tr></thead>
    <tbody>${rules.map((rule, r) => {
      const key = ruleKey(rule._id, r);
      const matched = lit?.has(key) ?? false;
      return html`<tr data-rule-id="${rule._id ?? ''}"${ruleRowClass(flags?.has(r + 1) ?? false, matched)}>
      ${ruleNumberCell(r + 1, flags?.get(r + 1), matched)}
      <th scope="row"><code>${rule._id ?? `#${r + 1}`}</code></th>
      ${hitsCell(marks, node.id, key)}
      ${inputs.map((c) => html`<td class="input-col">${cell(rule[c.id])}</td>`)}
      ${outputs.map((c) => html`<td class="output-col">${cell(rule[c.id])}</td>`)}
      <td>${rule._description ?? ''}</td>
    </tr>`;
    })}</tbody>
  </table></div>
</section>`;
}

/** A JDM graph's decision tables, expressions and switches, with the findings flagged and the marks of `marks`. */
function graphNodes(graph: JdmGraph, flags: Map<string, Map<number, string[]>>, marks: TableMarks = {}): SafeHtml {
  const shown = graph.nodes.filter((n) => n.type !== 'inputNode' && n.type !== 'outputNode');
  if (shown.length === 0) return html`<p class="empty">The graph has no decision tables, expressions or switches.</p>`;
  return html`${shown.map((node, index) => {
    if (node.type === 'decisionTableNode') return decisionTable(node, index, flags.get(node.id), marks);
    if (node.type === 'expressionNode') {
      return html`<section class="graph-node" aria-labelledby="node-${index}">
  <h3 id="node-${index}">Expressions: ${node.name}</h3>
  <table class="compact expressions"><caption class="visually-hidden">Expressions of ${node.name}</caption>
    <thead><tr><th scope="col">Output</th><th scope="col">Expression</th></tr></thead>
    <tbody>${node.content.expressions.map((e) => html`<tr><th scope="row"><code>${e.key}</code></th><td><code>${e.value}</code></td></tr>`)}</tbody>
  </table>
</section>`;
    }
    if (node.type === 'switchNode') {
      const branchTarget = (statementId: string) =>
        graph.edges
          .filter((e) => e.sourceId === node.id && e.sourceHandle === statementId)
          .map((e) => nodeName(graph, e.targetId));
      return html`<section class="graph-node" aria-labelledby="node-${index}">
  <h3 id="node-${index}">Switch: ${node.name}</h3>
  <p class="muted">Hit policy: ${HIT_POLICIES[node.content.hitPolicy ?? 'first'] ?? node.content.hitPolicy}.</p>
  <ol class="statements">${node.content.statements.map(
    (s) =>
      html`<li data-statement-id="${s.id}"${marks.matched?.get(node.id)?.has(s.id) ? html` class="branch-taken"` : ''}>${s.condition.trim() === '' ? 'Otherwise' : html`If <code>${s.condition}</code>`} → ${branchTarget(s.id).join(', ') || 'nothing'}${branchMarks(marks, node.id, s.id)}</li>`,
  )}</ol>
</section>`;
    }
    return html``;
  })}`;
}

const columnName = (column: JdmTableColumn) => column.name || column.field || column.id;
const diffCell = (text: string | undefined) => (text === undefined ? '' : text.trim() === '' ? 'any' : text);

/**
 * A decision table's changes as rows of the table itself, like a code review: rules added (+) and removed (−) with
 * every cell, rules changed (~) with the changed cells as old → new and the others as they are. Cells of a column the
 * version no longer has are listed in a last column.
 */
function tableChanges(table: DecisionTableDiff, graph: JdmGraph): SafeHtml {
  const node = graph.nodes.find((n): n is TableNode => n.id === table.node_id && n.type === 'decisionTableNode');
  const columns = node ? [...node.content.inputs, ...node.content.outputs] : [];
  const known = new Set(columns.map((c) => c.id));
  const others = (cells: Record<string, string>) =>
    Object.entries(cells)
      .filter(([id]) => !known.has(id))
      .map(([id, value]) => `${id}: ${diffCell(value)}`)
      .join('; ');
  const label = (rule: { id: string; description: string | null }) =>
    html`<code>${rule.id}</code>${rule.description ? html` <span class="muted">${rule.description}</span>` : ''}`;
  const whole = (kind: 'added' | 'removed', rule: DecisionTableDiff['rules_added'][number]) => {
    const [mark, word, tag] = kind === 'added' ? ['+', 'Added', 'ins'] : ['−', 'Removed', 'del'];
    const wrap = (text: string) =>
      text === '' ? '' : tag === 'ins' ? html`<ins>${text}</ins>` : html`<del>${text}</del>`;
    return html`<tr class="diff-${kind}" data-rule-id="${rule.id}"><td><span class="diff-mark">${mark}</span> ${word}</td><th scope="row">${label(rule)}</th>${columns.map((c) => html`<td>${wrap(diffCell(rule.cells[c.id]))}</td>`)}<td>${wrap(others(rule.cells))}</td></tr>`;
  };
  const changed = (rule: DecisionTableDiff['rules_changed'][number]) => {
    const current = node?.content.rules.find((r, index) => (r._id ?? `#${index}`) === rule.id);
    const cells = columns.map((c) => {
      const change = rule.cells.find((x) => x.column === columnName(c));
      return change
        ? html`<td class="cell-changed"><del>${diffCell(change.from)}</del> → <ins>${diffCell(change.to)}</ins></td>`
        : html`<td class="muted">${diffCell(current?.[c.id])}</td>`;
    });
    const elsewhere = rule.cells.filter((x) => !columns.some((c) => columnName(c) === x.column));
    const moved = rule.cells.length === 0 ? `moved to position ${rule.index + 1}` : '';
    return html`<tr class="diff-changed" data-rule-id="${rule.id}"><td><span class="diff-mark">~</span> Changed</td><th scope="row">${label(rule)}</th>${cells}<td>${moved}${elsewhere.map((x) => html`${x.column}: <del>${diffCell(x.from)}</del> → <ins>${diffCell(x.to)}</ins> `)}</td></tr>`;
  };
  return html`<div class="scroll" role="region" aria-label="Changes to ${table.name}" tabindex="0"><table class="compact diff" data-node-id="${table.node_id}">
  <caption>Decision table: ${table.name}${table.hit_policy ? html` (hit policy ${table.hit_policy.from} → ${table.hit_policy.to})` : ''}</caption>
  <thead><tr><th scope="col">Change</th><th scope="col">Rule</th>${columns.map((c) => html`<th scope="col">${columnName(c)}</th>`)}<th scope="col">Other</th></tr></thead>
  <tbody>
  ${table.rules_added.map((r) => whole('added', r))}
  ${table.rules_removed.map((r) => whole('removed', r))}
  ${table.rules_changed.map(changed)}
  </tbody>
</table></div>`;
}

function schemaChanges(title: string, changes: SchemaChange[]): SafeHtml {
  if (changes.length === 0) return html``;
  return html`<table class="compact schema-changes"><caption>${title}</caption>
  <thead><tr><th scope="col">Field</th><th scope="col">Change</th><th scope="col">Breaking</th><th scope="col">Detail</th></tr></thead>
  <tbody>${changes.map((c) => html`<tr${c.breaking ? html` class="breaking"` : ''}><th scope="row"><code>${c.name}</code></th><td>${c.change.replace(/_/g, ' ')}</td><td>${c.breaking ? html`<strong>Breaking</strong>` : 'No'}</td><td>${c.detail}</td></tr>`)}</tbody>
</table>`;
}

/** What this version changes against the published one, rule by rule and cell by cell, in the style of a code review. */
function diffSection(version: ModelVersionDetailView, diff: VersionDiffView | null): SafeHtml {
  if (!diff) {
    return html`<p class="empty">${version.published_version === null ? 'No version is published yet: there is nothing to compare with.' : 'This is the published version.'}</p>`;
  }
  const { graph } = diff;
  const versionGraph = graphOf(version);
  const kind = version.dmn ? 'Decision' : 'Node';
  const nothing =
    graph.nodes_added.length +
      graph.nodes_removed.length +
      graph.decision_tables.length +
      graph.expressions.length +
      graph.switches.length +
      graph.edges_added.length +
      graph.edges_removed.length +
      diff.input_changes.length +
      diff.output_changes.length ===
    0;
  const change = (from: string | null, to: string | null) =>
    html`${from === null ? '' : html`<del>${from}</del>`}${from !== null && to !== null ? ' → ' : ''}${to === null ? '' : html`<ins>${to}</ins>`}`;
  return html`<p>Against the published version ${diff.against}${diff.breaking ? html`: <strong class="breaking">breaking for clients</strong> (see the schema changes)` : ''}.</p>
${nothing ? html`<p class="empty">No differences.</p>` : ''}
${
  graph.nodes_added.length + graph.nodes_removed.length > 0
    ? html`<ul class="plain">${[
        ...graph.nodes_added.map(
          (n) =>
            html`<li class="diff-added"><span class="diff-mark">+</span> ${kind} added: ${n.name} (${n.type})</li>`,
        ),
        ...graph.nodes_removed.map(
          (n) =>
            html`<li class="diff-removed"><span class="diff-mark">−</span> ${kind} removed: ${n.name} (${n.type})</li>`,
        ),
      ]}</ul>`
    : ''
}
${graph.decision_tables.map((t) => tableChanges(t, versionGraph))}
${
  graph.expressions.length > 0
    ? html`<table class="compact diff"><caption>Expressions changed</caption>
  <thead><tr><th scope="col">${kind}</th><th scope="col">Output</th><th scope="col">Change</th></tr></thead>
  <tbody>${graph.expressions.map((e) => html`<tr class="diff-changed"><td>${nodeName(versionGraph, e.node_id)}</td><th scope="row"><code>${e.key}</code></th><td><code>${change(e.from, e.to)}</code></td></tr>`)}</tbody></table>`
    : ''
}
${
  graph.switches.length > 0
    ? html`<table class="compact diff"><caption>Switch statements changed</caption>
  <thead><tr><th scope="col">Switch</th><th scope="col">Statement</th><th scope="col">Condition</th></tr></thead>
  <tbody>${graph.switches.map((s) => html`<tr class="diff-changed"><td>${nodeName(versionGraph, s.node_id)}</td><th scope="row"><code>${s.statement_id}</code></th><td><code>${change(s.from, s.to)}</code></td></tr>`)}</tbody></table>`
    : ''
}
${schemaChanges('Input schema changes', diff.input_changes)}
${schemaChanges('Output schema changes', diff.output_changes)}`;
}

/** The release decision's state: steps, approvals given, who is awaited; and the review form for a reviewer of the current step. */
function reviewSection(
  modelId: string,
  version: ModelVersionDetailView,
  review: VersionReview | null | undefined,
  names: Map<string, string>,
  csrfToken: string,
): SafeHtml {
  if (!version.review_decision_id) return html`<p class="empty">This version has not been submitted for review.</p>`;
  if (!review)
    return html`<p>Reviewed by <a href="/console/decisions/${encodeURIComponent(version.review_decision_id)}">its release decision</a>. Your sign-in does not include reading decisions, so its state is not shown here.</p>`;
  const { decision } = review;
  const pending = decision.status === 'pending_approval';
  const awaiting = decision.awaiting;
  const awaitedText = awaiting
    ? [
        ...awaiting.roles.map((r) => `anyone with the role ${r}`),
        ...awaiting.user_ids.map((id) => names.get(id) ?? id),
      ].join(', ')
    : '';
  return html`<dl class="facts">
  <div><dt>Release decision</dt><dd><a href="/console/decisions/${encodeURIComponent(decision.id)}">${decision.title}</a></dd></div>
  <div><dt>Review state</dt><dd><span class="badge status-${decision.status}">${statusLabel(decision.status)}</span>${pending && decision.current_step ? ` — step ${decision.current_step} of ${decision.approval_steps.length}` : ''}</dd></div>
  ${pending ? html`<div><dt>Awaiting</dt><dd>${awaitedText || '—'}</dd></div>` : ''}
</dl>
${approvalStepList(decision)}
${
  decision.approvals.length === 0
    ? html`<p class="empty">No approvals given yet.</p>`
    : html`<ul class="approvals">${decision.approvals.map(
        (a) =>
          html`<li>Step ${a.step} approved by ${actorName({ type: 'user', id: a.user_id }, names)}, ${timeTag(a.approved_at)}${a.comment ? html`<blockquote>${a.comment}</blockquote>` : ''}</li>`,
      )}</ul>`
}
${
  pending && review.canReview && decision.current_step !== null
    ? html`<div class="actions-panel"><h3>Review this version</h3>${reviewForm({ action: `${modelVersionHref(modelId, version.version)}/review`, step: decision.current_step, csrfToken })}</div>`
    : pending
      ? html`<p>Step ${decision.current_step} awaits its approvers; you are not one of them (or separation of duties keeps you from it).</p>`
      : ''
}`;
}

/**
 * A version's decisions as the console's tables, JDM graph or DMN model alike: the verification's findings flagged
 * (`flags`), and `marks` (rule-marks.ts): the rules an evaluation matched lit, or a column of each rule's hits.
 */
export function versionTables(
  version: ModelVersionDetailView,
  flags: Map<string, Map<number, string[]>> = new Map(),
  marks: TableMarks = {},
): SafeHtml {
  return version.dmn ? dmnModelSection(version.dmn, flags, marks) : graphNodes(graphOf(version), flags, marks);
}

/** Edit a draft in the editor; a version past draft offers a new draft from its content. */
function editingActions(modelId: string, version: ModelVersionDetailView, csrfToken: string): SafeHtml {
  const format = version.dmn ? 'dmn' : 'jdm';
  if (version.status === 'draft' && format === 'jdm')
    return html`<p class="actions"><a class="button" href="${editorHref(modelId, version.version)}">Edit</a></p>`;
  if (version.status === 'draft') return html``;
  return html`<div class="actions">${newDraftForm(modelId, { version: version.version, format }, true, csrfToken)}</div>`;
}

export function modelVersionPage(input: {
  viewer: Viewer;
  model: { id: string; name: string };
  version: ModelVersionDetailView;
  diff: VersionDiffView | null;
  review: VersionReview | null | undefined;
  latestRun: TestRunView | null;
  names: Map<string, string>;
  notice?: Notice | undefined;
  /** The person may change models (models:write): a draft links its editor, another version offers a new draft. */
  canWrite?: boolean;
  /** This version's decision-table verification (null: a built-in model) and the published version's, when compared. */
  analysis?: VersionAnalysisView | null;
  publishedAnalysis?: VersionAnalysisView | null;
  /** The version's rule hits over the last 30 days (model-rule-hits.ts); null or absent: a built-in model, no section. */
  ruleHits?: RuleHitsView | null;
}): SafeHtml {
  const { model, version, names } = input;
  return layout({
    title: `${model.name}, version ${version.version}`,
    viewer: input.viewer,
    section: 'models',
    body: html`<p class="crumbs"><a href="/console/models">Models</a> › <a href="/console/models/${encodeURIComponent(model.id)}">${model.name}</a> › version ${version.version}</p>
<h1>${model.name}, version ${version.version}</h1>
${noticeBlock(input.notice)}
<div id="version-state" aria-live="polite">
<dl class="facts">
  <div><dt>Status</dt><dd>${versionStatusBadge(version.status)}</dd></div>
  <div><dt>Author</dt><dd>${actorName(version.created_by, names)}</dd></div>
  <div><dt>Created</dt><dd>${timeTag(version.created_at)}</dd></div>
  <div><dt>Submitted</dt><dd>${timeTag(version.submitted_at)}</dd></div>
  <div><dt>Published</dt><dd>${timeTag(version.published_at)}</dd></div>
  <div><dt>Published version of the model</dt><dd>${version.published_version ?? 'none yet'}</dd></div>
</dl>
${input.canWrite ? editingActions(model.id, version, input.viewer.csrfToken) : ''}
<section aria-labelledby="review-heading">
  <h2 id="review-heading">Review</h2>
  ${reviewSection(model.id, version, input.review, names, input.viewer.csrfToken)}
</section>
</div>
<section aria-labelledby="diff-heading">
  <h2 id="diff-heading">Changes against the published version</h2>
  ${diffSection(version, input.diff)}
</section>
<section aria-labelledby="verification-heading">
  <h2 id="verification-heading">Verification</h2>
  ${verificationSection(input.analysis ?? null, input.publishedAnalysis)}
</section>
${
  input.ruleHits
    ? html`<section aria-labelledby="rule-hits-heading">
  <h2 id="rule-hits-heading">Recorded evaluations (last ${RULE_HITS_DAYS} days)</h2>
  ${ruleHitsSection(input.ruleHits, model.id, version.version)}
</section>`
    : ''
}
<section aria-labelledby="graph-heading">
  <h2 id="graph-heading">${version.dmn ? 'Decisions (DMN model)' : 'Decision graph'}</h2>
  ${versionTables(version, flaggedRules(input.analysis ?? null), ruleHitMarks(input.ruleHits ?? null))}
</section>
<section aria-labelledby="tests-heading">
  <h2 id="tests-heading">Latest test report of this version</h2>
  ${testReport(input.latestRun, names, model.id, 'The test suite has not been run on this version yet.')}
</section>`,
  });
}
