import type { DmnView } from 'dmn-js/lib/Modeler';
import { useEffect } from 'react';
import { keepMarksLaid } from '../editor/keep-marks-laid';
import { clearProblemMarks, markProblemElement, type MarkedProblem } from '../editor/problem-markers';

/**
 * A refused DMN save's or simulation's problems marked on dmn-js. The service names a DMN problem by its element, not
 * by a JSON pointer: each is one entry at `/dmn` (`/content` for a simulation's working copy) whose message reads
 * `element "Discount" (id "d_discount"): decision "Discount", rule 2, input entry 1: FEEL syntax error … in "…"`
 * (api/models/check-dmn-upload.ts, decision/dmn/decision-table.ts). From that, the element is marked in the DRD,
 * and when its decision table is the open view the rule's cell (the rule's number cell for a problem of the whole
 * rule), or its literal expression's editor when that is open: `data-problem`, `title` and `aria-describedby` to the
 * listed problem, as the JDM editor marks its table (console-app/editor/problem-markers.ts). A problem naming no
 * element stays in the list only.
 */

export interface DmnProblemPlace {
  elementId: string;
  elementName: string | null;
  /** 1-based, as the message counts. */
  rule?: number;
  entry?: { kind: 'input' | 'output'; number: number };
}

const ELEMENT = /^element (?:"(.*?)" )?\(id "([^"]+)"\): ([\s\S]*)$/;
const RULE = /^[^:]*?, rule (\d+)(?:, (input|output) entry (\d+))?:/;

/** Where a DMN problem's message says it is; undefined when it names no element. */
export function dmnProblemPlace(message: string): DmnProblemPlace | undefined {
  const element = ELEMENT.exec(message);
  if (!element?.[2]) return undefined;
  const place: DmnProblemPlace = { elementId: element[2], elementName: element[1] ?? null };
  const rule = RULE.exec(element[3] ?? '');
  if (rule) {
    place.rule = Number(rule[1]);
    if (rule[2]) place.entry = { kind: rule[2] as 'input' | 'output', number: Number(rule[3]) };
  }
  return place;
}

/** The rows of the open decision table that hold rules (dmn-js's cells carry the rule's id as `data-row-id`). */
export const ruleRows = (root: HTMLElement) =>
  [...root.querySelectorAll('.tjs-table tbody tr')].filter((row) => row.querySelector('td[data-row-id]'));

function markDmnProblem(root: HTMLElement, active: DmnView | undefined, problem: MarkedProblem, id: string): void {
  const place = dmnProblemPlace(problem.message);
  if (!place) return;
  const { message } = problem;
  markProblemElement(root.querySelector(`.djs-element[data-element-id="${CSS.escape(place.elementId)}"]`), message, id);
  if (active?.element.id !== place.elementId) return;
  if (active.type === 'literalExpression')
    return markProblemElement(root.querySelector('.textarea.editor'), message, id);
  if (active.type !== 'decisionTable' || place.rule === undefined) return;
  const row = ruleRows(root)[place.rule - 1];
  if (!row) return;
  if (!place.entry) return markProblemElement(row.querySelector('td'), message, id);
  const cells = row.querySelectorAll(place.entry.kind === 'input' ? 'td.input-cell' : 'td.output-cell');
  markProblemElement(cells[place.entry.number - 1], message, id);
}

/**
 * Lays the problems' marks on dmn-js's DOM under `root`, and again whenever dmn-js redraws (a view opened, a cell
 * edited); `elementId` of each problem is the id of the item listing it.
 */
export function useDmnProblemMarkers(
  root: HTMLElement | null,
  active: DmnView | undefined,
  problems: Array<MarkedProblem & { elementId: string }>,
): void {
  useEffect(() => {
    if (!root) return undefined;
    const lay = () => {
      clearProblemMarks(root);
      for (const problem of problems) markDmnProblem(root, active, problem, problem.elementId);
    };
    return keepMarksLaid(root, lay, () => clearProblemMarks(root), problems.length > 0);
  }, [root, active, problems]);
}
