import type { SuiteAnswer } from './simulator-calls';

/**
 * The suite's never-hit rules marked on the open decision table. The JDM editor's rows carry their position
 * (`data-virtual-index`), not the rule's node, so the marks are drawn when the graph has one decision table; with
 * several, the panel names the never-hit rules per table instead.
 */
export function NeverHitRows(props: { coverage: SuiteAnswer['coverage'] | undefined }) {
  const tables = props.coverage?.decision_tables ?? [];
  if (tables.length !== 1) return null;
  const indexes = tables[0]?.never_hit.map((rule) => rule.index) ?? [];
  if (indexes.length === 0) return null;
  const selector = indexes
    .map((index) => `.editor-graph .grl-dt tbody tr[data-virtual-index="${index}"] > td.sort-handler`)
    .join(',\n');
  return (
    <style data-never-hit={indexes.join(' ')}>
      {`${selector} { background: #ffe3b3; box-shadow: inset 4px 0 0 #a35b00; }`}
    </style>
  );
}
