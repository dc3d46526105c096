import type { DmnView } from 'dmn-js/lib/Modeler';
import { useEffect } from 'react';
import type { VersionAnalysis } from '../editor/verification/verification-calls';
import { clearMarks, mark, ruleMarks } from '../editor/verification/verification-marks';
import { keepMarksLaid } from '../editor/keep-marks-laid';
import { ruleRows } from './dmn-problem-markers';

/**
 * The rules a verification finding involves, marked on dmn-js's open decision table as the JDM editor marks its own
 * (console-app/editor/verification/verification-marks.ts): the rule's index cell gets `data-verification`, the
 * findings as its `title`, `aria-describedby` pointing to each finding's item in the panel, and a bar and a sign (not
 * only a colour). A DMN table's node in the analysis is its decision's (or BKM's) id, which is dmn-js's open view's
 * element id; the rows are found as dmn-problem-markers.ts finds them. dmn-js redraws the table on every edit and view
 * change, so the marks are laid again whenever its DOM changes.
 */
export function useDmnVerificationMarks(
  root: HTMLElement | null,
  active: DmnView | undefined,
  analysis: VersionAnalysis | undefined,
): void {
  useEffect(() => {
    if (!root) return undefined;
    const marks = ruleMarks(analysis);
    const lay = () => {
      clearMarks(root);
      if (active?.type !== 'decisionTable') return;
      const rows = ruleRows(root);
      for (const rule of marks) {
        if (rule.nodeId !== active.element.id) continue;
        const cell = rows[rule.ruleIndex]?.querySelector('td');
        if (cell) mark(cell, rule);
      }
    };
    return keepMarksLaid(root, lay, () => clearMarks(root), marks.length > 0);
  }, [root, active, analysis]);
}
