import type { EvaluationHit } from '../../decision/evaluation-trace';
import { formatMetric } from './layout';
import { html, type SafeHtml } from './html';

/**
 * What the console's table views (a JDM version's decision tables and switches, a DMN model's decision tables) mark
 * on their rules besides the verification's findings: the rules one evaluation matched (a decision instance's page)
 * and each rule's hit count over a range (a version's page). Rules are keyed as decision instances key them: the
 * table's node id (a DMN decision's id), then the rule's own id, or `#<index>` (0-based) for a rule without one.
 */
export interface TableMarks {
  /** The rules (and switch branches) one evaluation matched, by node: lit, with a word beside the colour. */
  matched?: Map<string, Set<string>>;
  /** Each rule's hits, by node then rule: a column of counts headed `label`. */
  hits?: { label: string; counts: Map<string, Map<string, number>> };
}

/** A rule's key in hits and rule-hit counts: its id, else its position. */
export const ruleKey = (id: string | null | undefined, index: number) => id ?? `#${index}`;

/** The rules and branches an evaluation hit, by node, as the table views look them up. */
export function matchedRules(hits: readonly EvaluationHit[]): Map<string, Set<string>> {
  const matched = new Map<string, Set<string>>();
  for (const hit of hits) {
    const keys = matched.get(hit.node_id) ?? new Set<string>();
    for (const key of [...(hit.rules ?? []), ...(hit.branches ?? [])]) keys.add(key);
    matched.set(hit.node_id, keys);
  }
  return matched;
}

/** Rule-hit analytics' totals (GET /models/{id}/versions/{version}/rule-hits `nodes`) by node, then rule. */
export function hitCounts(
  nodes: ReadonlyArray<{ node_id: string; rules: ReadonlyArray<{ rule: string; hits: number }> }>,
): Map<string, Map<string, number>> {
  return new Map(nodes.map((node) => [node.node_id, new Map(node.rules.map((rule) => [rule.rule, rule.hits]))]));
}

/** The classes of a rule's row: flagged by the verification, lit by the evaluation shown. */
export function ruleRowClass(flagged: boolean, matched: boolean): SafeHtml {
  const classes = [flagged ? 'rule-flagged' : '', matched ? 'rule-matched' : ''].filter(Boolean).join(' ');
  return classes ? html` class="${classes}"` : html``;
}

/**
 * A rule's number cell in a table view (JDM or DMN): the findings in words beside the number when a verification
 * finding names the rule (its row `rule-flagged`), and "✓ matched" when the evaluation shown matched it (its row
 * `rule-matched`), so neither mark is only a tint.
 */
export function ruleNumberCell(number: number, flags: string[] | undefined, matched = false): SafeHtml {
  return html`<td>${number}${flags ? html` <span class="rule-flag">⚑ ${flags.join(', ')}</span>` : ''}${
    matched ? html` <span class="rule-matched-mark">✓ matched</span>` : ''
  }</td>`;
}

/** The hits column's header, when the view has one. */
export const hitsHeader = (marks: TableMarks): SafeHtml =>
  marks.hits ? html`<th scope="col" class="hits-col">${marks.hits.label}</th>` : html``;

/** A rule's hits cell, when the view has the column: the count, and "never" in words for a rule no evaluation hit. */
export function hitsCell(marks: TableMarks, nodeId: string, key: string): SafeHtml {
  if (!marks.hits) return html``;
  const count = marks.hits.counts.get(nodeId)?.get(key) ?? 0;
  return html`<td class="hits-col" data-hits="${count}">${
    count === 0 ? html`0 <span class="muted">never hit</span>` : formatMetric(count)
  }</td>`;
}

/** A switch statement's marks: taken in the evaluation shown, and its hits over the range. */
export function branchMarks(marks: TableMarks, nodeId: string, statementId: string): SafeHtml {
  const taken = marks.matched?.get(nodeId)?.has(statementId)
    ? html` <strong class="branch-taken-mark">✓ taken</strong>`
    : '';
  if (!marks.hits) return html`${taken}`;
  const count = marks.hits.counts.get(nodeId)?.get(statementId) ?? 0;
  return html`${taken} <span class="branch-hits" data-hits="${count}">(${formatMetric(count)} ${count === 1 ? 'hit' : 'hits'})</span>`;
}
