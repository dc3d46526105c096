import { hitPolicyLabel } from '../../decision/dmn-diff';
import type { DmnDecisionOutline, DmnOutline, DmnTableOutline } from '../../decision/dmn-outline';
import { html, type SafeHtml } from './html';
import { hitsCell, hitsHeader, ruleKey, ruleNumberCell, ruleRowClass, type TableMarks } from './rule-marks';

/**
 * A DMN model version on its console page: each decision with its kind, decision tables as tables (inputs, outputs,
 * annotations, the hit policy, every rule's entries), literal expressions as code. A table's caption and headers
 * carry what a screen reader needs; the axe check of the console tests runs on this markup.
 */

const KINDS: Record<string, string> = {
  decisionTable: 'Decision table',
  literalExpression: 'Literal expression',
  context: 'Boxed context',
  invocation: 'Invocation',
  relation: 'Relation',
  list: 'List',
  functionDefinition: 'Function definition',
  conditional: 'Conditional',
  filter: 'Filter',
  for: 'Iteration (for)',
  some: 'Quantifier (some)',
  every: 'Quantifier (every)',
  none: 'No expression',
};

/** DMN hit policies in words (DMN 1.5 §8.2.11). */
const HIT_POLICIES: Record<string, string> = {
  UNIQUE: 'exactly one rule may match',
  FIRST: 'the first matching rule, in order',
  PRIORITY: 'the matching rule whose output comes first in the output values',
  ANY: 'any matching rule: they must agree',
  COLLECT: 'every matching rule',
  'RULE ORDER': 'every matching rule, in rule order',
  'OUTPUT ORDER': 'every matching rule, by output value priority',
};

export const dmnKindLabel = (kind: string) => KINDS[kind] ?? kind;

const entry = (text: string | undefined) =>
  text === undefined || text.trim() === '' || text.trim() === '-'
    ? html`<span class="muted">any</span>`
    : html`<code>${text}</code>`;

function ruleTable(
  decision: DmnDecisionOutline,
  table: DmnTableOutline,
  index: number,
  /** The verification's findings by rule number (1-based) for this decision's table: those rows are flagged. */
  flags: Map<number, string[]> | undefined,
  /** The rules an evaluation matched (lit), and the rules' hits (a column), by the decision's id. */
  marks: TableMarks,
): SafeHtml {
  const lit = marks.matched?.get(decision.id);
  const outputName = (output: DmnTableOutline['outputs'][number], column: number) =>
    output.label || output.name || (table.outputs.length === 1 ? decision.name : `output ${column + 1}`);
  const policy = hitPolicyLabel(table);
  return html`<p class="muted">Hit policy <strong>${policy}</strong>: ${HIT_POLICIES[table.hitPolicy] ?? table.hitPolicy}${table.aggregation ? `, aggregated with ${table.aggregation}` : ''}. A <code>-</code> or empty input entry matches any value.</p>
  <div class="scroll" role="region" aria-labelledby="dmn-decision-${index}" tabindex="0"><table class="compact rules dmn-table" data-decision-id="${decision.id}">
    <caption class="visually-hidden">Rules of ${decision.name}, in order (hit policy ${policy})</caption>
    <thead><tr><th scope="col">#</th><th scope="col">Rule</th>${hitsHeader(marks)}${table.inputs.map(
      (input) =>
        html`<th scope="col" class="input-col">${input.label || input.expression}<br><span class="muted">input${input.expression && input.expression !== input.label ? html` <code>${input.expression}</code>` : ''}</span></th>`,
    )}${table.outputs.map((output, column) => html`<th scope="col" class="output-col">${outputName(output, column)}<br><span class="muted">output</span></th>`)}${table.annotations.map(
      (name) =>
        html`<th scope="col" class="annotation-col">${name || 'Annotation'}<br><span class="muted">annotation</span></th>`,
    )}</tr></thead>
    <tbody>${table.rules.map((rule, r) => {
      const key = ruleKey(rule.id, r);
      const matched = lit?.has(key) ?? false;
      return html`<tr data-rule-id="${rule.id ?? ''}"${ruleRowClass(flags?.has(r + 1) ?? false, matched)}>
      ${ruleNumberCell(r + 1, flags?.get(r + 1), matched)}
      <th scope="row"><code>${rule.id ?? `#${r + 1}`}</code>${rule.description ? html`<br><span class="muted">${rule.description}</span>` : ''}</th>
      ${hitsCell(marks, decision.id, key)}
      ${table.inputs.map((_, column) => html`<td class="input-col">${entry(rule.inputEntries[column])}</td>`)}
      ${table.outputs.map((_, column) => html`<td class="output-col">${entry(rule.outputEntries[column])}</td>`)}
      ${table.annotations.map((_, column) => html`<td class="annotation-col">${rule.annotationEntries[column] ?? ''}</td>`)}
    </tr>`;
    })}</tbody>
  </table></div>`;
}

function decisionSection(
  decision: DmnDecisionOutline,
  index: number,
  flags: Map<string, Map<number, string[]>>,
  marks: TableMarks,
  /** A business knowledge model's logic: its own class and badge, so the decisions' list stays the decisions. */
  bkm = false,
): SafeHtml {
  const body =
    decision.table !== undefined
      ? ruleTable(decision, decision.table, index, flags.get(decision.id), marks)
      : decision.kind === 'literalExpression'
        ? html`<pre class="feel"><code>${decision.text ?? ''}</code></pre>`
        : html`<p class="muted">Shown in the model's XML (<code>GET /api/v1/models/{id}/versions/{version}</code>, field <code>dmn</code>).</p>`;
  return html`<section class="graph-node ${bkm ? 'dmn-bkm' : 'dmn-decision'}" aria-labelledby="dmn-decision-${index}" data-decision-id="${decision.id}">
  <h3 id="dmn-decision-${index}">${decision.name} ${bkm ? html`<span class="badge">Business knowledge model</span> ` : ''}<span class="badge">${dmnKindLabel(decision.kind)}</span></h3>
  ${decision.typeRef ? html`<p class="muted">Type: <code>${decision.typeRef}</code></p>` : ''}
  ${body}
</section>`;
}

/**
 * The whole model: its name and namespace, its input data, then every decision in document order, then every business
 * knowledge model (a BKM's decision table shown as a decision's is). `flags` are the verification's flagged rules by
 * decision or BKM id (model-verification.ts `flaggedRules`): those rows are marked. `marks` light the rules an
 * evaluation matched or add a column of each rule's hits (rule-marks.ts), by decision id: a decision's tables only (a
 * business knowledge model's rules are not counted as a decision's are).
 */
export function dmnModelSection(
  outline: DmnOutline,
  flags: Map<string, Map<number, string[]>> = new Map(),
  marks: TableMarks = {},
): SafeHtml {
  return html`<p>DMN model <strong>${outline.name}</strong>, namespace <code>${outline.namespace}</code>.</p>
${outline.inputData.length > 0 ? html`<p>Input data: ${outline.inputData.map((input, index) => html`${index > 0 ? ', ' : ''}<code>${input.name}</code>${input.typeRef ? html` <span class="muted">(${input.typeRef})</span>` : ''}`)}.</p>` : ''}
${outline.decisions.length === 0 ? html`<p class="empty">The model has no decisions.</p>` : outline.decisions.map((decision, index) => decisionSection(decision, index, flags, marks))}
${(outline.businessKnowledgeModels ?? []).map((bkm, index) => decisionSection(bkm, outline.decisions.length + index, flags, {}, true))}`;
}
