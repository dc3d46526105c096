/** The parts of dmn-js (untyped JavaScript) this page uses. */
declare module 'dmn-js/lib/Modeler' {
  export interface DmnView {
    id: string;
    name?: string;
    type: string;
    element: { id: string; name?: string; $type: string };
  }
  export interface DmnViewProvider {
    id: string;
    constructor: unknown;
    opens: string | ((element: DmnElement) => boolean);
  }
  export interface DmnElement {
    $type: string;
    id?: string;
    decisionLogic?: DmnElement;
    [property: string]: unknown;
  }
  export interface DmnViewer {
    on(event: string, callback: (event: unknown) => void): void;
    get<T = unknown>(service: string): T;
  }
  export default class Modeler {
    constructor(options: {
      container?: HTMLElement;
      common?: Record<string, unknown>;
      drd?: { additionalModules?: unknown[] };
    });
    importXML(xml: string): Promise<{ warnings: unknown[] }>;
    saveXML(options?: { format?: boolean }): Promise<{ xml: string }>;
    getViews(): DmnView[];
    getActiveView(): DmnView | undefined;
    getActiveViewer(): DmnViewer | undefined;
    open(view: DmnView): Promise<unknown>;
    on(event: string, callback: (event: never) => void): void;
    destroy(): void;
    _getViewProviders(): DmnViewProvider[];
  }
}
declare module 'dmn-js-decision-table/lib/Viewer' {
  const Viewer: unknown;
  export default Viewer;
}
declare module 'dmn-js-literal-expression/lib/Viewer' {
  const Viewer: unknown;
  export default Viewer;
}
declare module 'dmn-js-boxed-expression' {
  export const Viewer: unknown;
}
