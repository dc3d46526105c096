import { useEffect, type RefObject } from 'react';

/**
 * React Flow renders each focusable node as `role="button"` around the node's own buttons ("Edit Table",
 * "Settings", its menu): a control inside a control, which screen readers flatten and axe-core reports
 * (nested-interactive, serious). The node stays focusable and selectable with the keyboard; it is announced as a
 * group of controls (a "node") instead. New nodes are seen by the observer as the graph changes.
 */
export function useAccessibleGraphNodes(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    const relabel = () => {
      for (const node of root.querySelectorAll<HTMLElement>('.react-flow__node[role="button"]')) {
        node.setAttribute('role', 'group');
        node.setAttribute('aria-roledescription', 'node');
      }
    };
    relabel();
    const observer = new MutationObserver(relabel);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });
    return () => observer.disconnect();
  }, [container]);
}
