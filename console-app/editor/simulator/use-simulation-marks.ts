import type { DecisionGraphRef } from '@gorules/jdm-editor';
import { useEffect, type RefObject } from 'react';
import type { JdmGraphContent } from '../bootstrap';
import { keepMarksLaid } from '../keep-marks-laid';
import { tabContents } from '../problem-markers';
import { simulationMarks, type SimulationMarks } from './simulation-marks';
import type { Evaluation } from './simulator-calls';

/**
 * The last run of the working copy lit on the editor's DOM, by the console itself: each node that ran
 * (`data-simulated="ran"` on its box in the graph, `"failed"` with the error as its title on the one a run stopped
 * at), each matched rule's row on its open table (`data-simulated="matched"` and a title on the row and its number
 * cell) and each switch branch taken (`data-simulated="taken"` on the statement). The JDM editor can light these
 * itself when handed the run (its `simulate`), but it then re-evaluates every cell of the open table against its
 * store: about 0.8 s of the page's main thread for each run on a 100-rule table (docs/performance.md), where these
 * marks take a frame. Rows and statements are placed by simulation-marks.ts in the graph the editor holds at each
 * laying.
 */

const ATTRIBUTE = 'data-simulated';
const TITLE = 'data-simulated-title';

function setMark(element: Element | null | undefined, state: string, title?: string): void {
  if (!element) return;
  element.setAttribute(ATTRIBUTE, state);
  if (title === undefined) return;
  // A problem's or a finding's title stays the first thing said.
  element.setAttribute(TITLE, title);
  if (!element.hasAttribute('title')) element.setAttribute('title', title);
}

export function clearSimulationMarks(root: HTMLElement): void {
  for (const element of root.querySelectorAll(`[${ATTRIBUTE}]`)) {
    element.removeAttribute(ATTRIBUTE);
    const title = element.getAttribute(TITLE);
    if (title !== null && element.getAttribute('title') === title) element.removeAttribute('title');
    element.removeAttribute(TITLE);
  }
}

function layMarks(root: HTMLElement, marks: SimulationMarks, tables: Map<string, Element>): void {
  const nodeBox = (nodeId: string) => root.querySelector(`.react-flow__node[data-id="${CSS.escape(nodeId)}"]`);
  for (const node of marks.nodes) setMark(nodeBox(node.nodeId), node.state, node.title);
  for (const row of marks.rows) {
    const element = tables.get(row.nodeId)?.querySelector(`.grl-dt tbody tr[data-virtual-index="${row.index}"]`);
    // The title on the row: its number cell may have a finding's.
    setMark(element, 'matched', 'Matched in the last run');
    setMark(element?.children[0], 'matched');
  }
  for (const statement of marks.statements) {
    setMark(nodeBox(statement.nodeId)?.querySelectorAll('.switchNode__statement')[statement.index], 'taken');
  }
}

/** Keeps the last run lit on the editor under `container` (again as the editor redraws), until the next run. */
export function useSimulationMarks(
  container: RefObject<HTMLElement | null>,
  graphRef: RefObject<DecisionGraphRef | null>,
  evaluation: Evaluation | undefined,
  graph: JdmGraphContent,
): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    const lay = () => {
      clearSimulationMarks(root);
      // The graph the editor holds at this moment: its change callback (and `graph`) trails it by up to 100 ms.
      const held = graphRef.current?.stateStore.getState().decisionGraph as JdmGraphContent | undefined;
      layMarks(root, simulationMarks(evaluation, held ?? graph), tabContents(root, graphRef));
    };
    return keepMarksLaid(root, lay, () => clearSimulationMarks(root), evaluation !== undefined);
  }, [container, graphRef, evaluation, graph]);
}
