/**
 * The ordered XML tree the DMN editor interchange rewrites: every element, attribute (in order, namespace
 * declarations included) and text node as written, so a document can be changed in a few places and written back
 * without touching the rest. Reading goes through the same safety checks as a DMN upload (decision/dmn/xml.ts: no
 * DOCTYPE or entity declarations, the 4 MiB size bound, the nesting bound) before the parser runs.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { checkXmlSafety, type XmlLimits } from './dmn/xml';
import { DmnModelError } from './dmn/problems';

export interface XmlText {
  readonly text: string;
}

export interface XmlNode {
  /** The qualified name as written (`dmn:decision`, `decision`). */
  tag: string;
  /** Attributes in document order, namespace declarations included. */
  attrs: Array<[string, string]>;
  children: Array<XmlNode | XmlText>;
}

export type Namespaces = ReadonlyMap<string, string>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Entities are decoded here (decodeEntities): the parser's own decoding leaves character references such as
  // `&#39;`, which dmn-moddle writes for an apostrophe, as they are.
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: '#cdata',
  commentPropName: false,
});

type Ordered = Record<string, unknown>;

function fail(message: string): never {
  throw new DmnModelError([{ element_id: null, element_name: null, message }]);
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML's five entities and character references; anything else (not well-formed XML) is left as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g, (whole, entity: string) => {
    if (!entity.startsWith('#')) return NAMED_ENTITIES[entity] ?? whole;
    const code = entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function textOf(node: Ordered): string | null {
  if ('#text' in node) return decodeEntities(String(node['#text']));
  if ('#cdata' in node) {
    const parts = node['#cdata'] as Ordered[];
    return parts.map((part) => String(part['#text'] ?? '')).join('');
  }
  return null;
}

function convert(node: Ordered): XmlNode | null {
  const tag = Object.keys(node).find((key) => key !== ':@');
  if (tag === undefined || tag.startsWith('#') || tag.startsWith('?')) return null;
  const attrs = Object.entries((node[':@'] ?? {}) as Record<string, unknown>).map(([name, value]): [string, string] => [
    name,
    decodeEntities(String(value)),
  ]);
  const children: XmlNode['children'] = [];
  for (const child of (node[tag] ?? []) as Ordered[]) {
    const text = textOf(child);
    if (text !== null) children.push({ text });
    else {
      const element = convert(child);
      if (element) children.push(element);
    }
  }
  return { tag, attrs, children };
}

/** Parses a document (or a fragment with one root) into its root element; unsafe or malformed XML throws. */
export function parseXmlTree(xml: string, limits: XmlLimits = {}): XmlNode {
  checkXmlSafety(xml, limits);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) fail(`malformed XML: ${valid.err.msg.slice(0, 200)} (line ${valid.err.line})`);
  for (const node of parser.parse(xml) as Ordered[]) {
    const root = convert(node);
    if (root) return root;
  }
  fail('XML document has no root element');
}

const escapeText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');

// Attribute values keep their tabs and line breaks: a parser would otherwise normalise them to spaces.
const escapeAttribute = (text: string): string =>
  escapeText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

export function serializeXmlNode(node: XmlNode): string {
  const attrs = node.attrs.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
  if (node.children.length === 0) return `<${node.tag}${attrs}/>`;
  const inner = node.children.map((child) => ('text' in child ? escapeText(child.text) : serializeXmlNode(child)));
  return `<${node.tag}${attrs}>${inner.join('')}</${node.tag}>`;
}

export function serializeXmlDocument(root: XmlNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serializeXmlNode(root)}\n`;
}

export const isElement = (child: XmlNode | XmlText): child is XmlNode => 'tag' in child;

export function splitQualifiedName(qualified: string): { prefix: string; local: string } {
  const colon = qualified.indexOf(':');
  return colon < 0
    ? { prefix: '', local: qualified }
    : { prefix: qualified.slice(0, colon), local: qualified.slice(colon + 1) };
}

/** The namespaces in scope inside `node`, given those in scope around it. */
export function scopeOf(node: XmlNode, outer: Namespaces): Namespaces {
  let scope: Map<string, string> | null = null;
  for (const [name, value] of node.attrs) {
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
    scope ??= new Map(outer);
    scope.set(name === 'xmlns' ? '' : name.slice(6), value);
  }
  return scope ?? outer;
}

export function attribute(node: XmlNode, name: string): string | undefined {
  return node.attrs.find(([key]) => key === name)?.[1];
}

export function elementChildren(node: XmlNode): XmlNode[] {
  return node.children.filter(isElement);
}
