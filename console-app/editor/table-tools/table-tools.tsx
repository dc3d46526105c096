import type { DecisionGraphRef } from '@gorules/jdm-editor';
import { useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import type { JdmGraphContent } from '../bootstrap';
import { useActiveNode } from '../table-columns-view';
import { OPEN_TABLE } from './table-dom';
import { installTableKeyboard } from './table-keyboard';
import {
  matchingRules,
  rangeBounds,
  tableColumns,
  type CellRange,
  type DecisionTableContent,
  type Rule,
  type RuleFilter,
} from './table-range';
import './table-tools.css';

/**
 * The open decision table's tools that the JDM editor lacks: the keyboard (table-keyboard.ts), copying and pasting
 * ranges of cells and whole rules with a spreadsheet, and "Filter rules" — a view that shows only the rules whose
 * cell in a column contains a text, by hiding the other rows with a style of the page's own (as "Columns shown"
 * does); the rules themselves never change. The selected range is drawn the same way, so it survives the rows being
 * redrawn as the table scrolls.
 */

const ROWS = `.editor-graph ${OPEN_TABLE} table > tbody > tr`;

function selectionStyle(range: CellRange | undefined, columnCount: number, shown: ReadonlySet<number>): string {
  if (!range) return '';
  const bounds = rangeBounds(range, columnCount);
  if (bounds.top === bounds.bottom && bounds.left === bounds.right && !bounds.wholeRules) return '';
  const from = bounds.wholeRules ? 1 : bounds.left + 2;
  const to = bounds.right + 2;
  const selectors: string[] = [];
  for (let row = bounds.top; row <= bounds.bottom; row++)
    if (shown.has(row))
      selectors.push(`${ROWS}[data-virtual-index="${row}"] > td:nth-child(n+${from}):nth-child(-n+${to})`);
  return selectors.length
    ? `${selectors.join(',\n')} { background-color: #eef4ff; box-shadow: inset 0 0 0 1px #9db8f0; }`
    : '';
}

function filterStyle(ruleCount: number, shown: ReadonlySet<number>): string {
  if (shown.size === ruleCount) return '';
  const hidden: string[] = [];
  for (let row = 0; row < ruleCount; row++) if (!shown.has(row)) hidden.push(`${ROWS}[data-virtual-index="${row}"]`);
  return `${hidden.join(',\n')} { display: none; }`;
}

const tableOf = (graph: JdmGraphContent, id: string | undefined) => {
  const node = graph.nodes.find((candidate) => candidate.id === id);
  return node?.type === 'decisionTableNode' ? node : undefined;
};

export function TableTools(props: {
  graphRef: RefObject<DecisionGraphRef | null>;
  graph: JdmGraphContent;
  currentGraph: () => JdmGraphContent;
  container: RefObject<HTMLElement | null>;
  onRules: (nodeId: string, rules: Rule[]) => void;
}) {
  const id = useId();
  const activeId = useActiveNode(props.graphRef);
  const node = tableOf(props.graph, activeId);
  const [filters, setFilters] = useState<Record<string, RuleFilter>>({});
  const [range, setRange] = useState<CellRange | undefined>(undefined);
  const [message, setMessage] = useState('');
  const content = node?.content as DecisionTableContent | undefined;
  const columns = useMemo(() => (content ? tableColumns(content) : []), [content]);
  const rules = useMemo(() => content?.rules ?? [], [content]);
  const filter = node ? filters[node.id] : undefined;
  const shownRows = useMemo(() => matchingRules(rules, columns, filter ?? { text: '' }), [rules, columns, filter]);
  const shownSet = useMemo(() => new Set(shownRows), [shownRows]);

  // The listeners read the latest of everything through this ref: they are installed once per open table.
  const latest = useRef({ node, shownRows, range, filtered: false, props });
  latest.current = { node, shownRows, range, filtered: Boolean(filter?.text.trim()), props };
  const nodeId = node?.id;
  useEffect(() => {
    if (!nodeId) return undefined;
    setRange(undefined);
    return installTableKeyboard({
      root: () => latest.current.props.container.current,
      content: () => tableOf(latest.current.props.currentGraph(), nodeId)?.content as DecisionTableContent | undefined,
      shownRows: () => latest.current.shownRows,
      writeRules: (next) => latest.current.props.onRules(nodeId, next),
      range: () => latest.current.range,
      setRange: (next) => {
        latest.current.range = next;
        setRange(next);
      },
      announce: setMessage,
      filtered: () => latest.current.filtered,
    });
  }, [nodeId]);

  if (!node) return null;
  const setFilter = (next: RuleFilter) => setFilters((current) => ({ ...current, [node.id]: next }));
  const style = [selectionStyle(range, columns.length, shownSet), filterStyle(rules.length, shownSet)]
    .filter(Boolean)
    .join('\n');
  return (
    <div className="table-tools">
      <fieldset className="table-filter">
        <legend>Filter rules of “{node.name}”</legend>
        <label htmlFor={`${id}-column`}>Column</label>
        <select
          id={`${id}-column`}
          value={filter?.column ?? ''}
          onChange={(event) => setFilter({ text: filter?.text ?? '', column: event.target.value || undefined })}
        >
          <option value="">Any column</option>
          {columns.map((column) => (
            <option key={column.key} value={column.key}>
              {column.label}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-text`}>contains</label>
        <input
          id={`${id}-text`}
          type="search"
          value={filter?.text ?? ''}
          onChange={(event) => setFilter({ column: filter?.column, text: event.target.value })}
        />
        <output htmlFor={`${id}-column ${id}-text`} aria-live="polite" className="table-filter-count">
          {shownRows.length} of {rules.length} rules shown
        </output>
      </fieldset>
      <p className="table-tools-message" role="status" aria-live="polite">
        {message}
      </p>
      {style && <style>{style}</style>}
    </div>
  );
}
