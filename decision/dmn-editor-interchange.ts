/**
 * DMN editor interchange: the console's DMN editor (dmn-js) models DMN 1.3 through dmn-moddle, while models here are
 * DMN 1.1–1.5. `toEditorXml` turns any of them into DMN 1.3 the editor opens, and keeps aside, with where each stood,
 * everything the editor would not understand (and would drop on save): DMN 1.4/1.5 boxed expressions, elements and
 * plain attributes outside the 1.3 schema, foreign elements outside `extensionElements`. `fromEditorXml` turns the
 * editor's 1.3 back into the original version and puts every kept thing back exactly as it was written.
 * `readOnlyElements` lists them, for the editor page to show read-only.
 *
 * Pure: no I/O. XML from a tenant is untrusted: both directions read it with the DMN upload's checks (no DOCTYPE or
 * entities, 4 MiB, nesting 64) — see dmn-editor-xml.ts.
 */
import { DMN_NAMESPACES } from './dmn';
import { DmnModelError } from './dmn/problems';
import type { XmlLimits } from './dmn/xml';
import { DMN_MAX_BYTES } from './dmn-run';
import {
  DEFINITIONS_TYPE,
  TEXT_CONTENT,
  OPAQUE_CONTENT,
  childTypeOf,
  attributeKind,
  takesExpression,
  type ResolvedType,
} from './dmn-editor-metamodel';
import {
  attribute,
  elementChildren,
  isElement,
  parseXmlTree,
  scopeOf,
  serializeXmlDocument,
  serializeXmlNode,
  splitQualifiedName,
  type Namespaces,
  type XmlNode,
} from './dmn-editor-xml';
import { reinsertPreserved } from './dmn-editor-reinsert';
import { INTERCHANGE_NAMESPACE } from './dmn-editor-interchange-types';
import type {
  ChildPlacement,
  DmnVersion,
  EditorDocument,
  EditorInterchange,
  FromEditorResult,
  PathStep,
  PlaceholderPlacement,
  PreservedAttribute,
  PreservedElement,
  ReadOnlyElement,
} from './dmn-editor-interchange-types';

export { INTERCHANGE_NAMESPACE };
export type {
  ChildPlacement,
  DmnVersion,
  EditorDocument,
  EditorInterchange,
  FromEditorResult,
  PathStep,
  PlaceholderPlacement,
  PreservedAttribute,
  PreservedElement,
  ReadOnlyElement,
};

/** The namespaces that differ per DMN version (DC and DI are 2018-05-21's from 1.2 on; 1.1 has no diagram). */
export const DMN_VERSION_NAMESPACES: Readonly<
  Record<DmnVersion, { model: string; dmndi: string | null; feel: string }>
> = {
  '1.1': {
    model: 'http://www.omg.org/spec/DMN/20151101/dmn.xsd',
    dmndi: null,
    feel: 'http://www.omg.org/spec/FEEL/20140401',
  },
  '1.2': {
    model: 'http://www.omg.org/spec/DMN/20180521/MODEL/',
    dmndi: 'http://www.omg.org/spec/DMN/20180521/DMNDI/',
    feel: 'http://www.omg.org/spec/DMN/20180521/FEEL/',
  },
  '1.3': {
    model: 'https://www.omg.org/spec/DMN/20191111/MODEL/',
    dmndi: 'https://www.omg.org/spec/DMN/20191111/DMNDI/',
    feel: 'https://www.omg.org/spec/DMN/20191111/FEEL/',
  },
  // DMN 1.4 kept 1.3's diagram interchange namespace.
  '1.4': {
    model: 'https://www.omg.org/spec/DMN/20211108/MODEL/',
    dmndi: 'https://www.omg.org/spec/DMN/20191111/DMNDI/',
    feel: 'https://www.omg.org/spec/DMN/20211108/FEEL/',
  },
  '1.5': {
    model: 'https://www.omg.org/spec/DMN/20230324/MODEL/',
    dmndi: 'https://www.omg.org/spec/DMN/20230324/DMNDI/',
    feel: 'https://www.omg.org/spec/DMN/20230324/FEEL/',
  },
};

const EDITOR = DMN_VERSION_NAMESPACES['1.3'];
/** DMN 1.4/1.5 boxed expressions: where 1.3 expects an expression, the editor sees a placeholder in their stead. */
const NEWER_BOXED_EXPRESSIONS = new Set(['conditional', 'filter', 'for', 'some', 'every']);

/** A DMN upload's bounds (its size; the nesting and the refusal of DTDs are decision/dmn/xml.ts's). */
const UPLOAD_LIMITS: XmlLimits = { maxBytes: DMN_MAX_BYTES };

function fail(message: string): never {
  throw new DmnModelError([{ element_id: null, element_name: null, message }]);
}

function versionOfUri(uri: string): { version: DmnVersion; role: 'model' | 'dmndi' | 'feel' } | null {
  for (const [version, namespaces] of Object.entries(DMN_VERSION_NAMESPACES) as Array<
    [DmnVersion, (typeof DMN_VERSION_NAMESPACES)[DmnVersion]]
  >) {
    if (namespaces.model === uri) return { version, role: 'model' };
    if (namespaces.feel === uri) return { version, role: 'feel' };
    if (namespaces.dmndi === uri) return { version, role: 'dmndi' };
  }
  return null;
}

/** A DMN namespace of any version as the editor's (1.3) one; anything else unchanged. */
function toEditorUri(uri: string): string {
  const known = versionOfUri(uri);
  return known ? (EDITOR[known.role] ?? uri) : uri;
}

/** The editor's (1.3) namespace as the original version's; anything else unchanged. */
function fromEditorUri(uri: string, version: DmnVersion): string {
  const known = versionOfUri(uri);
  if (!known || known.version !== '1.3') return uri;
  return DMN_VERSION_NAMESPACES[version][known.role] ?? uri;
}

/** Rewrites namespace declarations and the expression/type language URIs of every element. */
function mapNamespaces(node: XmlNode, map: (uri: string) => string): void {
  node.attrs = node.attrs.map(([name, value]): [string, string] => {
    const local = splitQualifiedName(name).local;
    const rewrite =
      name === 'xmlns' || name.startsWith('xmlns:') || local === 'expressionLanguage' || local === 'typeLanguage';
    return [name, rewrite ? map(value) : value];
  });
  for (const child of elementChildren(node)) mapNamespaces(child, map);
}

function namespaceOf(tag: string, scope: Namespaces): string {
  return scope.get(splitQualifiedName(tag).prefix) ?? '';
}

interface Location {
  anchorId: string | null;
  path: PathStep[];
}

interface Collector {
  version: DmnVersion;
  markerPrefix: string;
  ids: Set<string>;
  elements: PreservedElement[];
  attributes: PreservedAttribute[];
  nextKey: () => string;
}

function reasonFor(local: string, qualifiedKind: string, foreign: boolean, placeholder: boolean, version: DmnVersion) {
  if (placeholder)
    return `DMN ${version} boxed expression <${local}> has no DMN 1.3 form: the editor shows an empty literal expression in its place, read-only, and saving writes it back as it was`;
  if (foreign)
    return `extension element <${qualifiedKind}> outside extensionElements is not DMN 1.3: kept as it was, read-only`;
  return `<${local}> is not DMN 1.3 here: kept as it was, read-only`;
}

/** An empty literal expression in the element's place, under the same prefix (which binds the DMN namespace). */
function placeholderFor(child: XmlNode, key: string, collector: Collector): [XmlNode, string] {
  const own = attribute(child, 'id');
  let id = own ?? `_preserved_${key}`;
  while (own === undefined && collector.ids.has(id)) id = `_${id}`;
  collector.ids.add(id);
  const prefix = splitQualifiedName(child.tag).prefix;
  const tag = `${prefix === '' ? '' : `${prefix}:`}literalExpression`;
  return [
    {
      tag,
      attrs: [
        ['id', id],
        [`${collector.markerPrefix}:preserved`, key],
      ],
      children: [],
    },
    id,
  ];
}

/** Walks an element the editor understands: keeps aside what it would not, recursing into what it would. */
function rewriteElement(node: XmlNode, type: ResolvedType, outer: Namespaces, at: Location, collector: Collector) {
  const scope = scopeOf(node, outer);
  const local = splitQualifiedName(node.tag).local;
  const kept: XmlNode['attrs'] = [];
  for (const [name, value] of node.attrs) {
    const kind = name.includes(':') || name === 'xmlns' ? 'known' : attributeKind(type, name);
    // A reference the editor cannot resolve (an imported model's element in the diagram) it would drop.
    if (kind === 'known' || (kind === 'reference' && collector.ids.has(value))) kept.push([name, value]);
    else
      collector.attributes.push({
        key: collector.nextKey(),
        anchor_id: at.anchorId,
        path: at.path,
        element: local,
        name,
        value,
        reason:
          kind === 'reference'
            ? `attribute ${name} on <${local}> refers to "${value}", not an element of this document: kept as it was`
            : `attribute ${name} is not DMN 1.3 on <${local}>: kept as it was`,
      });
  }
  node.attrs = kept;
  if (type === TEXT_CONTENT || type === OPAQUE_CONTENT) return;
  const counts = new Map<string, number>();
  let previous: ChildPlacement['after'] = null;
  const children: XmlNode['children'] = [];
  for (const child of node.children) {
    if (!isElement(child)) {
      children.push(child);
      continue;
    }
    const childScope = scopeOf(child, scope);
    const { local: childLocal } = splitQualifiedName(child.tag);
    const childNs = toEditorUri(namespaceOf(child.tag, childScope));
    const childType = childTypeOf(type, childNs, childLocal);
    if (childType !== null) {
      const index = counts.get(childLocal) ?? 0;
      counts.set(childLocal, index + 1);
      const id = attribute(child, 'id');
      const location: Location =
        id !== undefined
          ? { anchorId: id, path: [] }
          : { anchorId: at.anchorId, path: [...at.path, { name: childLocal, index }] };
      rewriteElement(child, childType, scope, location, collector);
      children.push(child);
      previous = { kind: 'element', name: childLocal, index };
      continue;
    }
    const key = collector.nextKey();
    const foreign = childNs !== EDITOR.model && childNs !== EDITOR.dmndi && versionOfUri(childNs) === null;
    const kind = foreign ? child.tag : childLocal;
    const asPlaceholder = !foreign && NEWER_BOXED_EXPRESSIONS.has(childLocal) && takesExpression(type);
    const preserved: Omit<PreservedElement, 'placement'> = {
      key,
      kind,
      preserved_id: attribute(child, 'id') ?? null,
      reason: reasonFor(childLocal, kind, foreign, asPlaceholder, collector.version),
      xml: serializeXmlNode(child),
      namespaces: Object.fromEntries(scope),
    };
    if (asPlaceholder) {
      const [placeholder, placeholderId] = placeholderFor(child, key, collector);
      collector.elements.push({ ...preserved, placement: { kind: 'placeholder', placeholder_id: placeholderId } });
      const index = counts.get('literalExpression') ?? 0;
      counts.set('literalExpression', index + 1);
      children.push(placeholder);
      previous = { kind: 'element', name: 'literalExpression', index };
    } else {
      collector.elements.push({
        ...preserved,
        placement: { kind: 'child', anchor_id: at.anchorId, path: at.path, after: previous },
      });
      previous = { kind: 'preserved', key };
    }
  }
  node.children = children;
}

function collectIds(node: XmlNode, into: Set<string>): Set<string> {
  const id = attribute(node, 'id');
  if (id !== undefined) into.add(id);
  for (const child of elementChildren(node)) collectIds(child, into);
  return into;
}

function freePrefix(root: XmlNode, wanted: string): string {
  const used = new Set(root.attrs.map(([name]) => name));
  let prefix = wanted;
  for (let n = 2; used.has(`xmlns:${prefix}`); n++) prefix = `${wanted}${n}`;
  return prefix;
}

function rootOf(xml: string, limits: XmlLimits): { root: XmlNode; version: DmnVersion; scope: Namespaces } {
  const root = parseXmlTree(xml, limits);
  const scope = scopeOf(root, new Map());
  const { local } = splitQualifiedName(root.tag);
  const version = DMN_NAMESPACES[namespaceOf(root.tag, scope)] as DmnVersion | undefined;
  if (local !== 'definitions' || version === undefined)
    fail(
      `the root element must be a DMN 1.1–1.5 <definitions>, not <${root.tag}> in "${namespaceOf(root.tag, scope)}"`,
    );
  return { root, version, scope };
}

/**
 * Any DMN 1.1–1.5 document as DMN 1.3 for the editor, and what going back needs. Unsafe, malformed or non-DMN XML
 * throws DmnModelError (a 422 naming the field where a route calls it).
 */
export function toEditorXml(xml: string, limits: XmlLimits = UPLOAD_LIMITS): EditorDocument {
  const { root, version, scope } = rootOf(xml, limits);
  const rootNamespaces = Object.fromEntries(scope);
  let keys = 0;
  const markerPrefix = freePrefix(root, 'interchange');
  const collector: Collector = {
    version,
    markerPrefix,
    ids: collectIds(root, new Set()),
    elements: [],
    attributes: [],
    nextKey: () => `p${++keys}`,
  };
  rewriteElement(root, DEFINITIONS_TYPE, new Map(), { anchorId: attribute(root, 'id') ?? null, path: [] }, collector);
  mapNamespaces(root, toEditorUri);
  if (collector.elements.some((element) => element.placement.kind === 'placeholder'))
    root.attrs.push([`xmlns:${markerPrefix}`, INTERCHANGE_NAMESPACE]);
  return {
    xml: serializeXmlDocument(root),
    interchange: {
      format: 'dmn-editor-interchange/1',
      dmn_version: version,
      root_namespaces: rootNamespaces,
      elements: collector.elements,
      attributes: collector.attributes,
    },
  };
}

/**
 * The editor's DMN 1.3 back in the original document's version, with everything kept aside put back. `original` is
 * the record `toEditorXml` gave, or the original XML itself (the record is then made again: a save need not trust one
 * that went through the browser).
 */
export function fromEditorXml(
  editedXml13: string,
  original: EditorInterchange | string,
  limits: XmlLimits = UPLOAD_LIMITS,
): FromEditorResult {
  const interchange = typeof original === 'string' ? toEditorXml(original, limits).interchange : original;
  if (
    interchange?.format !== 'dmn-editor-interchange/1' ||
    !Object.hasOwn(DMN_VERSION_NAMESPACES, interchange.dmn_version) ||
    !Array.isArray(interchange.elements) ||
    !Array.isArray(interchange.attributes)
  )
    fail('the interchange record is not one toEditorXml made');
  const { root, version } = rootOf(editedXml13, limits);
  if (version !== '1.3') fail(`the editor's document must be DMN 1.3, not ${version}`);
  mapNamespaces(root, (uri) => fromEditorUri(uri, interchange.dmn_version));
  // The editor drops declarations it sees no use for; a QName in a value (typeRef="feel:number") may still need one.
  for (const [prefix, uri] of Object.entries(interchange.root_namespaces ?? {})) {
    const name = prefix === '' ? 'xmlns' : `xmlns:${prefix}`;
    if (attribute(root, name) === undefined) root.attrs.push([name, uri]);
  }
  const unplacedKeys = reinsertPreserved(root, interchange, limits);
  const xml = serializeXmlDocument(root);
  const listed = readOnlyElements(interchange);
  return { xml, unplaced: listed.filter((element) => unplacedKeys.has(element.key)) };
}

/** What the editor page shows read-only: every element and attribute the editor cannot represent. */
export function readOnlyElements(interchange: EditorInterchange): ReadOnlyElement[] {
  return [
    ...interchange.elements.map((element) => ({
      key: element.key,
      element_id:
        element.placement.kind === 'placeholder' ? element.placement.placeholder_id : element.placement.anchor_id,
      preserved_id: element.preserved_id,
      kind: element.kind,
      reason: element.reason,
    })),
    ...interchange.attributes.map((preserved) => ({
      key: preserved.key,
      element_id: preserved.anchor_id,
      preserved_id: null,
      kind: `@${preserved.name}`,
      reason: preserved.reason,
    })),
  ];
}
