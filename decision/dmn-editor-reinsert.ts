/**
 * The way back of the DMN editor interchange: puts every element and attribute `toEditorXml` kept aside into the
 * editor's document again — a placeholder replaced by the element it stood for, any other element under the element
 * that held it (found by id, then by path) after the sibling it followed — each exactly as it was written.
 */
import type { XmlLimits } from './dmn/xml';
import {
  INTERCHANGE_NAMESPACE,
  type ChildPlacement,
  type EditorInterchange,
  type PathStep,
  type PreservedElement,
} from './dmn-editor-interchange-types';
import {
  attribute,
  isElement,
  parseXmlTree,
  scopeOf,
  splitQualifiedName,
  type Namespaces,
  type XmlNode,
} from './dmn-editor-xml';

interface DocumentIndex {
  root: XmlNode;
  byId: Map<string, XmlNode>;
  parentOf: Map<XmlNode, XmlNode>;
  /** The namespaces in scope inside each element. */
  scopeIn: Map<XmlNode, Namespaces>;
  placeholders: Map<string, XmlNode>;
  /** Elements put back so far: never counted as the editor's when following a path. */
  inserted: Map<string, XmlNode>;
}

const isMarker = (name: string, scope: Namespaces): boolean => {
  const { prefix, local } = splitQualifiedName(name);
  return prefix !== '' && local === 'preserved' && scope.get(prefix) === INTERCHANGE_NAMESPACE;
};

function indexDocument(node: XmlNode, outer: Namespaces, index: DocumentIndex): void {
  const scope = scopeOf(node, outer);
  index.scopeIn.set(node, scope);
  const id = attribute(node, 'id');
  if (id !== undefined && !index.byId.has(id)) index.byId.set(id, node);
  const marker = node.attrs.find(([name]) => isMarker(name, scope));
  if (marker && !index.placeholders.has(marker[1])) index.placeholders.set(marker[1], node);
  for (const child of node.children) {
    if (!isElement(child)) continue;
    index.parentOf.set(child, node);
    indexDocument(child, scope, index);
  }
}

/** Drops the placeholders' marker attributes and the marker namespace's declarations (the editor may copy them). */
function dropMarkers(node: XmlNode, outer: Namespaces): void {
  const scope = scopeOf(node, outer);
  node.attrs = node.attrs.filter(
    ([name, value]) => !isMarker(name, scope) && !(name.startsWith('xmlns:') && value === INTERCHANGE_NAMESPACE),
  );
  for (const child of node.children) if (isElement(child)) dropMarkers(child, scope);
}

function editorChildren(parent: XmlNode, index: DocumentIndex): XmlNode[] {
  const inserted = new Set(index.inserted.values());
  return parent.children.filter((child): child is XmlNode => isElement(child) && !inserted.has(child));
}

function nthNamed(parent: XmlNode, step: PathStep, index: DocumentIndex): XmlNode | undefined {
  return editorChildren(parent, index).filter((child) => splitQualifiedName(child.tag).local === step.name)[step.index];
}

function locate(anchorId: string | null, path: readonly PathStep[], index: DocumentIndex): XmlNode | undefined {
  let node = anchorId === null ? index.root : index.byId.get(anchorId);
  for (const step of path) node = node && nthNamed(node, step, index);
  return node;
}

/** The prefixes an element uses: in its names, and where a value or text reads as a QName (`feel:number`). */
function usedPrefixes(node: XmlNode, into: Set<string>): Set<string> {
  const qualified = (text: string) => /^\s*([A-Za-z_][\w.-]*):(?!\/)/.exec(text)?.[1];
  into.add(splitQualifiedName(node.tag).prefix);
  for (const [name, value] of node.attrs) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    if (name.includes(':')) into.add(splitQualifiedName(name).prefix);
    const inValue = qualified(value);
    if (inValue !== undefined) into.add(inValue);
  }
  for (const child of node.children) {
    if (isElement(child)) usedPrefixes(child, into);
    else {
      const inText = qualified(child.text);
      if (inText !== undefined) into.add(inText);
    }
  }
  return into;
}

/** The kept element, declaring the prefixes it uses whose binding where it goes differs from where it stood. */
function materialize(element: PreservedElement, target: Namespaces, limits: XmlLimits): XmlNode {
  const fragment = parseXmlTree(element.xml, limits);
  const declared = new Set(fragment.attrs.map(([name]) => name));
  for (const prefix of usedPrefixes(fragment, new Set())) {
    const name = prefix === '' ? 'xmlns' : `xmlns:${prefix}`;
    const uri = element.namespaces[prefix] ?? (prefix === '' ? '' : undefined);
    if (uri !== undefined && !declared.has(name) && (target.get(prefix) ?? '') !== uri)
      fragment.attrs.unshift([name, uri]);
  }
  return fragment;
}

function insertionIndex(parent: XmlNode, after: ChildPlacement['after'], index: DocumentIndex): number {
  if (after === null) return 0;
  const sibling = after.kind === 'preserved' ? index.inserted.get(after.key) : nthNamed(parent, after, index);
  const at = sibling ? parent.children.indexOf(sibling) : -1;
  // The sibling is gone (the editor removed it): the element still belongs to its parent, last.
  return at < 0 ? parent.children.length : at + 1;
}

function placeElement(element: PreservedElement, index: DocumentIndex, limits: XmlLimits): boolean {
  const placement = element.placement;
  if (placement.kind === 'placeholder') {
    const placeholder = index.placeholders.get(element.key);
    const parent = placeholder && index.parentOf.get(placeholder);
    if (!placeholder || !parent) return false;
    const fragment = materialize(element, index.scopeIn.get(parent) ?? new Map(), limits);
    parent.children[parent.children.indexOf(placeholder)] = fragment;
    index.inserted.set(element.key, fragment);
    return true;
  }
  const parent = locate(placement.anchor_id, placement.path, index);
  if (!parent) return false;
  const fragment = materialize(element, index.scopeIn.get(parent) ?? new Map(), limits);
  parent.children.splice(insertionIndex(parent, placement.after, index), 0, fragment);
  index.inserted.set(element.key, fragment);
  return true;
}

/** Puts everything back; answers the keys of what had nowhere to go. */
export function reinsertPreserved(root: XmlNode, interchange: EditorInterchange, limits: XmlLimits): Set<string> {
  const index: DocumentIndex = {
    root,
    byId: new Map(),
    parentOf: new Map(),
    scopeIn: new Map(),
    placeholders: new Map(),
    inserted: new Map(),
  };
  indexDocument(root, new Map(), index);
  const unplaced = new Set<string>();
  for (const element of interchange.elements) if (!placeElement(element, index, limits)) unplaced.add(element.key);
  for (const preserved of interchange.attributes) {
    const element = locate(preserved.anchor_id, preserved.path, index);
    if (!element) unplaced.add(preserved.key);
    else if (attribute(element, preserved.name) === undefined) element.attrs.push([preserved.name, preserved.value]);
  }
  dropMarkers(root, new Map());
  return unplaced;
}
