import type { DecisionGraphRef } from '@gorules/jdm-editor';
import { useEffect, useState, type RefObject } from 'react';
import type { JdmGraphContent } from './bootstrap';

/**
 * "Columns shown" for the decision table open in the editor: the JDM editor cannot hide a column, so the page hides
 * the cells of the unticked ones with a style of its own (in the table of rules, the rows and the column header row put a column's
 * cells at the same position: after the row number). A view only: nothing in the model changes, and it lasts while
 * the page is open. The table's top row (the "Inputs" and "Outputs" groups) keeps its widths.
 */

interface Column {
  id: string;
  name?: string;
  field?: string;
}

const columnsOf = (content: unknown): Column[] => {
  const table = (content ?? {}) as { inputs?: Column[]; outputs?: Column[] };
  return [...(table.inputs ?? []), ...(table.outputs ?? [])];
};

/** The node whose tab is open in the editor now (its store says; it changes without telling the page otherwise). */
export function useActiveNode(graphRef: RefObject<DecisionGraphRef | null>): string | undefined {
  const [active, setActive] = useState<string | undefined>(undefined);
  useEffect(() => {
    const store = graphRef.current?.stateStore;
    if (!store) return undefined;
    setActive(store.getState().activeTab);
    return store.subscribe((state) => setActive(state.activeTab));
  }, [graphRef]);
  return active;
}

export function TableColumnsView(props: { graphRef: RefObject<DecisionGraphRef | null>; graph: JdmGraphContent }) {
  const activeId = useActiveNode(props.graphRef);
  const [hidden, setHidden] = useState<Record<string, string[]>>({});
  const node = props.graph.nodes.find((candidate) => candidate.id === activeId);
  if (!node || node.type !== 'decisionTableNode') return null;
  const columns = columnsOf(node.content);
  const hiddenHere = hidden[node.id] ?? [];
  const toggle = (columnId: string, shown: boolean) =>
    setHidden((current) => {
      const rest = (current[node.id] ?? []).filter((id) => id !== columnId);
      return { ...current, [node.id]: shown ? rest : [...rest, columnId] };
    });
  const positions = hiddenHere
    .map((id) => columns.findIndex((column) => column.id === id))
    .filter((index) => index >= 0)
    .map((index) => index + 2);
  const style = positions
    .map(
      (position) =>
        `.editor-graph .tab-content.active .grl-dt table:has(> tbody) tr > :nth-child(${position}) { display: none; }`,
    )
    .join('\n');
  return (
    <fieldset className="table-columns-view">
      <legend>Columns shown in “{node.name}”</legend>
      {columns.map((column) => (
        <label key={column.id}>
          <input
            type="checkbox"
            checked={!hiddenHere.includes(column.id)}
            onChange={(event) => toggle(column.id, event.target.checked)}
          />{' '}
          {column.name || column.field || column.id}
        </label>
      ))}
      {style && <style>{style}</style>}
    </fieldset>
  );
}
