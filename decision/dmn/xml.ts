/**
 * Safe XML reading for uploaded DMN documents: refuses DTDs (XXE, entity expansion), bounds size and nesting,
 * and turns fast-xml-parser's ordered output into a small element tree with resolved namespaces.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { DmnProblem } from './problems';
import { DmnModelError } from './problems';

export const DEFAULT_MAX_BYTES = 4 * 1024 * 1024;
export const DEFAULT_MAX_DEPTH = 64;

export interface XmlElement {
  /** Local name, without prefix. */
  readonly name: string;
  /** Namespace URI of the element ('' when none). */
  readonly ns: string;
  /** Attributes by local name (prefixed ones other than xmlns also under their qualified name). */
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  /** Concatenated character data directly inside this element. */
  readonly text: string;
  /** Prefix → namespace URI in scope at this element ('' for the default namespace). */
  readonly namespaces: ReadonlyMap<string, string>;
}

export interface XmlLimits {
  readonly maxBytes?: number;
  readonly maxDepth?: number;
}

function fail(message: string): never {
  const problem: DmnProblem = { element_id: null, element_name: null, message };
  throw new DmnModelError([problem]);
}

/** Where the markup that starts at `open` (just after its `<`) ends, or -1: comments, CDATA, PIs, tags. */
function markupEnd(xml: string, open: number): number {
  if (xml.startsWith('!--', open)) return endOf(xml, '-->', open);
  if (xml.startsWith('![CDATA[', open)) return endOf(xml, ']]>', open);
  if (xml[open] === '?') return endOf(xml, '?>', open);
  // A tag: skip quoted attribute values, which may hold '>'.
  for (let i = open; i < xml.length; i++) {
    const c = xml[i];
    if (c === '>') return i + 1;
    if (c === '"' || c === "'") {
      const close = xml.indexOf(c, i + 1);
      if (close < 0) return -1;
      i = close;
    }
  }
  return -1;
}

function endOf(xml: string, terminator: string, from: number): number {
  const at = xml.indexOf(terminator, from);
  return at < 0 ? -1 : at + terminator.length;
}

/**
 * Nesting depth by a linear scan of the markup, before the parser runs: a deeply nested document must be refused
 * without giving the (recursive) parser a chance to exhaust the stack. Unterminated markup stops the scan; the
 * validator then reports the document as malformed.
 */
function scanDepth(xml: string, maxDepth: number): void {
  let depth = 0;
  let at = xml.indexOf('<');
  while (at >= 0) {
    const end = markupEnd(xml, at + 1);
    if (end < 0) return;
    const next = xml[at + 1];
    if (next === '/') depth--;
    else if (next !== '!' && next !== '?' && xml[end - 2] !== '/') {
      depth++;
      if (depth > maxDepth) fail(`XML nesting deeper than ${maxDepth} elements`);
    }
    at = xml.indexOf('<', end);
  }
}

/** Refuses what a DMN file never needs and what makes XML parsing dangerous. */
export function checkXmlSafety(xml: string, limits: XmlLimits = {}): void {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  if (Buffer.byteLength(xml, 'utf8') > maxBytes) fail(`XML document larger than ${maxBytes} bytes`);
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml))
    fail('XML document type declarations (DOCTYPE/ENTITY) are not allowed');
  scanDepth(xml, limits.maxDepth ?? DEFAULT_MAX_DEPTH);
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  // XML's five named entities and numeric character references (`&#39;`, `&#x41;`), which dmn-js and Camunda Modeler
  // write; with the default (no HTML entities) the parser left numeric references undecoded in names and FEEL text.
  // The parser takes an object here (its named entities; numeric references allowed), though its types say boolean;
  // test/unit/dmn-engine.test.ts fails if an upgrade stops decoding them.
  htmlEntities: { amp: '&', apos: "'", gt: '>', lt: '<', quot: '"' } as unknown as boolean,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type Ordered = Record<string, unknown>;

function splitName(qualified: string): [string, string] {
  const colon = qualified.indexOf(':');
  return colon < 0 ? ['', qualified] : [qualified.slice(0, colon), qualified.slice(colon + 1)];
}

function convert(
  node: Ordered,
  inherited: ReadonlyMap<string, string>,
  depth: number,
  maxDepth: number,
): XmlElement | null {
  const tagName = Object.keys(node).find((k) => k !== ':@');
  if (tagName === undefined || tagName === '#text') return null;
  if (depth > maxDepth) fail(`XML nesting deeper than ${maxDepth} elements`);
  const rawAttrs = (node[':@'] ?? {}) as Record<string, unknown>;
  let namespaces = inherited;
  const attrs: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(rawAttrs)) {
    const text = String(value);
    if (key === 'xmlns' || key.startsWith('xmlns:')) {
      if (namespaces === inherited) namespaces = new Map(inherited);
      (namespaces as Map<string, string>).set(key === 'xmlns' ? '' : key.slice(6), text);
      continue;
    }
    const [, local] = splitName(key);
    attrs[key] = text;
    if (!(local in attrs)) attrs[local] = text;
  }
  const [prefix, local] = splitName(tagName);
  const children: XmlElement[] = [];
  let text = '';
  for (const child of (node[tagName] ?? []) as Ordered[]) {
    if ('#text' in child) {
      text += String(child['#text']);
      continue;
    }
    const element = convert(child, namespaces, depth + 1, maxDepth);
    if (element) children.push(element);
  }
  return { name: local, ns: namespaces.get(prefix) ?? '', attrs, children, text, namespaces };
}

/** Parses an XML document into its root element; unsafe or malformed input throws DmnModelError. */
export function parseXml(xml: string, limits: XmlLimits = {}): XmlElement {
  checkXmlSafety(xml, limits);
  const valid = XMLValidator.validate(xml);
  // The validator quotes the offending text, which may be most of a hostile document: keep the message short.
  if (valid !== true) fail(`malformed XML: ${valid.err.msg.slice(0, 200)} (line ${valid.err.line})`);
  let ordered: Ordered[];
  try {
    ordered = parser.parse(xml) as Ordered[];
  } catch (error) {
    fail(`malformed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const maxDepth = limits.maxDepth ?? DEFAULT_MAX_DEPTH;
  for (const node of ordered) {
    const root = convert(node, new Map(), 1, maxDepth);
    if (root) return root;
  }
  fail('XML document has no root element');
}

export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}

/** The text of a `<text>` (or similar) child, or undefined when absent. */
export function childText(element: XmlElement, name: string): string | undefined {
  const c = child(element, name);
  return c ? c.text : undefined;
}
