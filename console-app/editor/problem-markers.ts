import type { DecisionGraphRef } from '@gorules/jdm-editor';
import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { JdmGraphContent } from './bootstrap';
import { keepMarksLaid } from './keep-marks-laid';
import type { FieldProblem } from './save';
import { schemaPathToNode } from './schema-fields';

/**
 * A refused save's (or simulation's) `errors[].path` as marks on what it names: the node in the graph, the rule's row
 * and the cell (`/graph/nodes/N/content/rules/R/<column id>`; a simulation says `/content/…` for `/graph/…`), the
 * schema field of an input or output node (`/input_schema/…`, `/output_schema/…`). A marked element carries
 * `data-problem`, the message as its `title` and `aria-describedby` pointing to the message in the problem list
 * (`problemElementId`). The editor renders its table rows lazily (only those in view), so the marks are laid again
 * whenever its DOM changes; they go when the problems go (a save that succeeds, or a new refusal; for a simulation's,
 * the next run that is not refused).
 */

export const problemElementId = (index: number) => `editor-problem-${index}`;
/** The simulator panel's list of a refused run's problems (its own ids: a save's refusal may be listed as well). */
export const simulatorProblemId = (index: number) => `editor-problem-simulator-${index}`;

/** A problem to mark, and the id of the item listing it when that is not the save's list (`problemElementId`). */
export type MarkedProblem = FieldProblem & { elementId?: string };

export interface ProblemPlace {
  nodeIndex: number;
  ruleIndex?: number;
  columnId?: string;
  /** The node's schema field (input and output nodes). */
  schema?: boolean;
}

/** Where a problem's path points in the graph, if it points into a node. */
export function problemPlace(path: string, graph: JdmGraphContent): ProblemPlace | undefined {
  const normalised = schemaPathToNode(path.replace(/^\/content(?=\/nodes\/)/, '/graph'), graph);
  const node = /^\/graph\/nodes\/(\d+)(\/.*)?$/.exec(normalised);
  if (!node) return undefined;
  const place: ProblemPlace = { nodeIndex: Number(node[1]) };
  const rest = node[2] ?? '';
  if (rest === '/content/schema') place.schema = true;
  const rule = /^\/content\/rules\/(\d+)(?:\/([^/]+))?/.exec(rest);
  if (rule) {
    place.ruleIndex = Number(rule[1]);
    if (rule[2] !== undefined) place.columnId = rule[2].replace(/~1/g, '/').replace(/~0/g, '~');
  }
  return place;
}

interface TableContent {
  inputs?: { id: string }[];
  outputs?: { id: string }[];
}

const MARK_ATTRIBUTE = 'data-problem';

/** Marks an element as the place of a problem listed in the item with id `id` (several problems: titles joined). */
export function markProblemElement(element: Element | null | undefined, message: string, id: string): void {
  if (!element) return;
  const described = element.getAttribute('aria-describedby')?.split(' ').filter(Boolean) ?? [];
  if (!described.includes(id)) element.setAttribute('aria-describedby', [...described, id].join(' '));
  const earlier = element.getAttribute(MARK_ATTRIBUTE);
  element.setAttribute(MARK_ATTRIBUTE, 'true');
  element.setAttribute('title', earlier ? `${element.getAttribute('title') ?? ''}\n${message}` : message);
}

/** Takes every problem mark under `root` away. */
export function clearProblemMarks(root: HTMLElement): void {
  for (const element of root.querySelectorAll(`[${MARK_ATTRIBUTE}]`)) {
    element.removeAttribute(MARK_ATTRIBUTE);
    element.removeAttribute('title');
    const rest = (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id && !id.startsWith('editor-problem-'));
    if (rest.length > 0) element.setAttribute('aria-describedby', rest.join(' '));
    else element.removeAttribute('aria-describedby');
  }
}

/** The open tabs' contents, by node id (the editor renders one `.tab-content` per open tab, in the graph's node order). */
export function tabContents(root: HTMLElement, graphRef: RefObject<DecisionGraphRef | null>): Map<string, Element> {
  const state = graphRef.current?.stateStore.getState();
  const byNode = new Map<string, Element>();
  if (!state) return byNode;
  const open = state.decisionGraph.nodes.filter((node) => state.openTabs.includes(node.id));
  const tabs = [...root.querySelectorAll('.grl-dg__graph .tab-content')].filter(
    (element) => (element.parentElement as HTMLElement | null)?.style.display === 'contents',
  );
  open.forEach((node, index) => {
    const tab = tabs[index];
    if (tab) byNode.set(node.id, tab);
  });
  return byNode;
}

function markProblem(
  root: HTMLElement,
  graph: JdmGraphContent,
  tabs: Map<string, Element>,
  problem: MarkedProblem,
  index: number,
): void {
  const place = problemPlace(problem.path, graph);
  const node = place ? graph.nodes[place.nodeIndex] : undefined;
  if (!place || !node) return;
  const id = problem.elementId ?? problemElementId(index);
  markProblemElement(root.querySelector(`.react-flow__node[data-id="${CSS.escape(node.id)}"]`), problem.message, id);
  const tab = tabs.get(node.id);
  if (!tab) return;
  if (place.schema) return markProblemElement(tab.querySelector('textarea.schema-text'), problem.message, id);
  if (place.ruleIndex === undefined) return;
  const row = tab.querySelector(`.grl-dt tbody tr[data-virtual-index="${place.ruleIndex}"]`);
  if (!row) return;
  const content = (node.content ?? {}) as TableContent;
  const columns = [...(content.inputs ?? []), ...(content.outputs ?? [])].map((column) => column.id);
  const column = place.columnId === undefined ? -1 : [...columns, '_description'].indexOf(place.columnId);
  // The row's first cell is its number (and drag handle): a problem with the rule as a whole marks that one.
  markProblemElement(row.children[column + 1], problem.message, id);
}

/**
 * Lays a refused save's problems and a refused simulation's on the editor's DOM under `container`, and again whenever
 * that DOM changes. Answers the setter of the simulation's problems (the simulator panel's `onProblems`): their marks
 * point to the panel's list (`simulatorProblemId`), the save's to the save's (`problemElementId`).
 */
export function useProblemMarkers(
  container: RefObject<HTMLElement | null>,
  graphRef: RefObject<DecisionGraphRef | null>,
  saveProblems: FieldProblem[],
  graph: JdmGraphContent,
): (simulationProblems: FieldProblem[]) => void {
  const [simulationProblems, setSimulationProblems] = useState<FieldProblem[]>([]);
  const problems = useMemo<MarkedProblem[]>(
    () => [
      ...saveProblems,
      ...simulationProblems.map((problem, index) => ({ ...problem, elementId: simulatorProblemId(index) })),
    ],
    [saveProblems, simulationProblems],
  );
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    const lay = () => {
      clearProblemMarks(root);
      if (problems.length === 0) return;
      const tabs = tabContents(root, graphRef);
      problems.forEach((problem, index) => markProblem(root, graph, tabs, problem, index));
    };
    return keepMarksLaid(root, lay, () => clearProblemMarks(root), problems.length > 0);
  }, [container, graphRef, problems, graph]);
  return setSimulationProblems;
}
