/**
 * The DMN editor interchange's records (see dmn-editor-interchange.ts): plain JSON, so the page may hold them.
 */
/** The namespace of the marker attribute on a placeholder (`<literalExpression interchange:preserved="p1"/>`). */
export const INTERCHANGE_NAMESPACE = 'urn:decision-modeling-service:dmn-editor-interchange';

export type DmnVersion = '1.1' | '1.2' | '1.3' | '1.4' | '1.5';

/** One step from an element with an id down to an element without one: the n-th (0-based) child of that name. */
export interface PathStep {
  name: string;
  index: number;
}

/** Where a kept element goes back: the element holding it (an id, then a path), and the sibling it followed. */
export interface ChildPlacement {
  kind: 'child';
  /** The nearest enclosing element with an id; null: the root. */
  anchor_id: string | null;
  path: PathStep[];
  /** The sibling it followed: an element the editor has (the n-th of that name), another kept one, or none. */
  after: { kind: 'element'; name: string; index: number } | { kind: 'preserved'; key: string } | null;
}

export interface PlaceholderPlacement {
  kind: 'placeholder';
  /** The id of the empty `literalExpression` standing in its place in the editor's XML. */
  placeholder_id: string;
}

export interface PreservedElement {
  /** `p1`, `p2`, … in document order. */
  key: string;
  /** The element's local name (`conditional`, `typeConstraint`), qualified when foreign (`triso:foo`). */
  kind: string;
  /** The element's own id, if it has one. */
  preserved_id: string | null;
  reason: string;
  placement: PlaceholderPlacement | ChildPlacement;
  /** The element as written, with the original document's prefixes. */
  xml: string;
  /** The namespaces in scope where it stood (prefix → URI; '' the default namespace). */
  namespaces: Record<string, string>;
}

export interface PreservedAttribute {
  key: string;
  /** The element carrying it: its id (or the nearest enclosing id) and the path from there. */
  anchor_id: string | null;
  path: PathStep[];
  element: string;
  name: string;
  value: string;
  reason: string;
}

/** What `fromEditorXml` needs to go back. Plain JSON; `toEditorXml` of the same XML always gives the same one. */
export interface EditorInterchange {
  format: 'dmn-editor-interchange/1';
  dmn_version: DmnVersion;
  /** The root's namespace declarations (prefix → URI, '' the default), declared again where the editor dropped one. */
  root_namespaces: Record<string, string>;
  elements: PreservedElement[];
  attributes: PreservedAttribute[];
}

export interface EditorDocument {
  /** DMN 1.3 XML, for dmn-js. */
  xml: string;
  interchange: EditorInterchange;
}

export interface ReadOnlyElement {
  key: string;
  /** The id of the element the editor shows that holds (or stands for) it; null when only the root holds it. */
  element_id: string | null;
  /** Its own id in the original document, if any. */
  preserved_id: string | null;
  kind: string;
  reason: string;
}

export interface FromEditorResult {
  /** The document in the original DMN version, every kept element and attribute back where it stood. */
  xml: string;
  /**
   * Kept things with nowhere to go because the editor removed what held them (a deleted decision's boxed
   * expression): reported, so the page can say so before saving.
   */
  unplaced: ReadOnlyElement[];
}
