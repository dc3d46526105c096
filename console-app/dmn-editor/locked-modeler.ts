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
 * first view provider that opens an element, so these come first. In the DRD such an element cannot be deleted or
 * have its logic replaced (drdLockModule).
 */
/** What the DRD's rules and popup menus hand us: a diagram element and its DMN element. */
interface DrdShape {
  businessObject?: DmnElement;
}
interface DrdEventBus {
  on(event: string, priority: number, callback: (event: { context?: { elements?: DrdShape[] } }) => unknown): void;
}
interface DrdPopupMenu {
  registerProvider(
    id: string,
    priority: number,
    provider: { getPopupMenuEntries(target: DrdShape): (entries: Record<string, unknown>) => Record<string, unknown> },
  ): void;
}

/**
 * In the DRD, an element holding a placeholder can be neither deleted nor given another kind of logic (the replace
 * menu): either would drop what the placeholder stands for. A rule on `elements.delete` takes it out of a deletion
 * (the context pad then offers no delete), and the `dmn-replace` menu answers no entries for it.
 */
function drdLockModule(locked: (element: DmnElement) => boolean) {
  const isLocked = (shape: DrdShape) => shape.businessObject !== undefined && locked(shape.businessObject);
  function PlaceholderLock(eventBus: DrdEventBus, popupMenu: DrdPopupMenu) {
    eventBus.on('commandStack.elements.delete.canExecute', 2000, (event) => {
      const elements = event.context?.elements;
      if (!elements?.some(isLocked)) return undefined;
      const rest = elements.filter((element) => !isLocked(element));
      return rest.length > 0 ? rest : false;
    });
    // The lowest priority: providers run highest first, so this one sees (and empties) what the others offered.
    popupMenu.registerProvider('dmn-replace', 1, {
      getPopupMenuEntries: (target) => (entries) => (isLocked(target) ? {} : entries),
    });
  }
  PlaceholderLock.$inject = ['eventBus', 'popupMenu'];
  return { __init__: ['placeholderLock'], placeholderLock: ['type', PlaceholderLock] };
}

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
  return new LockingModeler({ container, drd: { additionalModules: [drdLockModule(locked)] } });
}
