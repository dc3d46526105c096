import Modeler, { type DmnElement, type DmnViewProvider } from 'dmn-js/lib/Modeler';
import DecisionTableViewer from 'dmn-js-decision-table/lib/Viewer';
import LiteralExpressionViewer from 'dmn-js-literal-expression/lib/Viewer';
import { Viewer as BoxedExpressionViewer } from 'dmn-js-boxed-expression';

/** Whether an element of the model, or anything inside it, is one of the ids (moddle's object graph; cycles skipped). */
export function holdsAny(element: DmnElement, ids: ReadonlySet<string>): boolean {
  const seen = new Set<unknown>();
  const visit = (value: unknown): boolean => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return false;
    seen.add(value);
    if (Array.isArray(value)) return value.some(visit);
    const node = value as Record<string, unknown>;
    if (typeof node.$type !== 'string') return false;
    if (typeof node.id === 'string' && ids.has(node.id)) return true;
    // Own properties only: `$parent`, `$model`, `$descriptor` and `$attrs` lead out of the element.
    return Object.keys(node).some((key) => !key.startsWith('$') && visit(node[key]));
  };
  return visit(element);
}

const isA = (element: DmnElement | undefined, type: string) => element?.$type === type;

/**
 * dmn-js's Modeler, except that a decision or business knowledge model holding a placeholder (the empty literal
 * expression the interchange leaves where a DMN 1.4/1.5 boxed expression stands) opens in dmn-js's *viewer* of that
 * view instead of its editor: the placeholder, and the element around it, cannot be edited here. dmn-js picks the
 * first view provider that opens an element, so these come first.
 */
export function createLockingModeler(container: HTMLElement, placeholderIds: ReadonlySet<string>): Modeler {
  const locked = (element: DmnElement) => placeholderIds.size > 0 && holdsAny(element, placeholderIds);
  class LockingModeler extends Modeler {
    override _getViewProviders(): DmnViewProvider[] {
      const readOnly: DmnViewProvider[] = [
        {
          id: 'lockedDecisionTable',
          constructor: DecisionTableViewer,
          opens: (element) =>
            isA(element, 'dmn:Decision') && isA(element.decisionLogic, 'dmn:DecisionTable') && locked(element),
        },
        {
          id: 'lockedLiteralExpression',
          constructor: LiteralExpressionViewer,
          opens: (element) =>
            isA(element, 'dmn:Decision') && isA(element.decisionLogic, 'dmn:LiteralExpression') && locked(element),
        },
        {
          id: 'lockedBoxedExpression',
          constructor: BoxedExpressionViewer,
          opens: (element) =>
            isA(element, 'dmn:BusinessKnowledgeModel') &&
            isA(element.encapsulatedLogic as DmnElement | undefined, 'dmn:FunctionDefinition') &&
            locked(element),
        },
      ];
      return [...readOnly, ...super._getViewProviders()];
    }
  }
  return new LockingModeler({ container });
}
