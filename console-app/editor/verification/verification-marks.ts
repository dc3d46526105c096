import type { DecisionGraphRef } from '@gorules/jdm-editor';
import { useEffect, type RefObject } from 'react';
import type { JdmGraphContent } from '../bootstrap';
import { keepMarksLaid } from '../keep-marks-laid';
import { tabContents } from '../problem-markers';
import { findingElementId, findingsOf } from './findings';
import type { VersionAnalysis } from './verification-calls';

/**
 * The rules a finding involves, marked on the open decision table as problem-markers.ts marks a refused save's cells,
 * with an attribute of their own (`data-verification`, so neither clears the other's): the rule's number cell gets
 * the findings as its `title`, `aria-describedby` pointing to each finding's item in the panel, and a style that is a
 * bar and an icon, not only a colour. The JDM editor draws its rows lazily, so the marks are laid again whenever its
 * DOM changes.
 */

const ATTRIBUTE = 'data-verification';
const ID_PREFIX = 'editor-verification-';

export interface RuleMark {
  nodeId: string;
  ruleIndex: number;
  message: string;
  elementId: string;
}

export function ruleMarks(analysis: VersionAnalysis | undefined): RuleMark[] {
  if (!analysis) return [];
  return analysis.tables.flatMap((table, tableIndex) =>
    findingsOf(table).flatMap((finding, findingIndex) =>
      [...new Set(finding.rules)].map((rule) => ({
        nodeId: table.node,
        ruleIndex: rule - 1,
        message: `${finding.title}: ${finding.text}`,
        elementId: findingElementId(tableIndex, findingIndex),
      })),
    ),
  );
}

export function clearMarks(root: HTMLElement): void {
  for (const element of root.querySelectorAll(`[${ATTRIBUTE}]`)) {
    element.removeAttribute(ATTRIBUTE);
    element.removeAttribute('data-verification-title');
    if (!element.hasAttribute('data-problem')) element.removeAttribute('title');
    const rest = (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id && !id.startsWith(ID_PREFIX));
    if (rest.length > 0) element.setAttribute('aria-describedby', rest.join(' '));
    else element.removeAttribute('aria-describedby');
  }
}

export function mark(element: Element, rule: RuleMark): void {
  const described = element.getAttribute('aria-describedby')?.split(' ').filter(Boolean) ?? [];
  if (!described.includes(rule.elementId))
    element.setAttribute('aria-describedby', [...described, rule.elementId].join(' '));
  const earlier = element.getAttribute('data-verification-title');
  const title = earlier ? `${earlier}\n${rule.message}` : rule.message;
  element.setAttribute(ATTRIBUTE, 'true');
  element.setAttribute('data-verification-title', title);
  element.setAttribute('title', title);
}

export function useVerificationMarks(
  container: RefObject<HTMLElement | null>,
  graphRef: RefObject<DecisionGraphRef | null>,
  analysis: VersionAnalysis | undefined,
  graph: JdmGraphContent,
): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    const marks = ruleMarks(analysis);
    const lay = () => {
      clearMarks(root);
      const tables = tabContents(root, graphRef);
      for (const rule of marks) {
        const row = tables.get(rule.nodeId)?.querySelector(`.grl-dt tbody tr[data-virtual-index="${rule.ruleIndex}"]`);
        // The row's first cell is its number (and drag handle): the mark is on the rule as a whole.
        if (row?.children[0]) mark(row.children[0], rule);
      }
    };
    return keepMarksLaid(root, lay, () => clearMarks(root), marks.length > 0);
  }, [container, graphRef, analysis, graph]);
}
