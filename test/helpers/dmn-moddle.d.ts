/**
 * The part of dmn-moddle (the DMN 1.3 model dmn-js reads and writes through; it ships no types) the DMN editor
 * interchange tests use: reading a document as dmn-js opens it, writing it as dmn-js saves it.
 */
declare module 'dmn-moddle' {
  export interface ModdleElement {
    $type: string;
    id?: string;
    name?: string;
    text?: string;
    drgElement?: ModdleElement[];
    decisionLogic?: ModdleElement;
    [property: string]: unknown;
  }

  export class DmnModdle {
    fromXML(
      xml: string,
    ): Promise<{ rootElement: ModdleElement; warnings: Array<{ message: string }>; references: unknown[] }>;
    toXML(element: ModdleElement, options?: { format?: boolean }): Promise<{ xml: string }>;
  }
}
