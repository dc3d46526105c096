/**
 * FEEL types: type references, `instance of` (DMN 1.5 §10.3.2.9) and the conversions of §10.3.2.9.4.
 */
import type { FeelPrimitiveTypeName, FeelType, FeelValue } from './types';
import { isContext, isFunction, isRange, valueKind } from './values';

const PRIMITIVES: Readonly<Record<string, FeelPrimitiveTypeName>> = {
  number: 'number',
  string: 'string',
  boolean: 'boolean',
  date: 'date',
  time: 'time',
  'date and time': 'date and time',
  dateTime: 'date and time',
  'days and time duration': 'days and time duration',
  dayTimeDuration: 'days and time duration',
  'years and months duration': 'years and months duration',
  yearMonthDuration: 'years and months duration',
};

export const ANY: FeelType = { kind: 'any' };

/** `list`, `context`, `range`, `function` without type parameters: any list, context, range or function. */
const BARE_GENERICS: Readonly<Record<string, FeelType>> = {
  list: { kind: 'list', item: ANY },
  context: { kind: 'context', entries: new Map() },
  range: { kind: 'constrained', name: 'feel:range', base: ANY, allows: (v) => isRange(v) },
  function: { kind: 'constrained', name: 'feel:function', base: ANY, allows: (v) => isFunction(v) },
};

/** Splits `a, b<c, d>, e` at top-level commas. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<' || c === '(') depth++;
    else if (c === '>' && text[i - 1] !== '-') depth--;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

/** The index of the `>` closing the `<` at `open`, or -1. */
function closingAngle(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '<') depth++;
    else if (text[i] === '>' && text[i - 1] !== '-') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

export function parseTypeRef(text: string, resolveNamed: (name: string) => FeelType | undefined): FeelType | undefined {
  const name = text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/^feel:/, '');
  const primitive = PRIMITIVES[name];
  if (primitive) return { kind: primitive };
  if (name === 'Any' || name === 'any') return ANY;
  if (name === 'Null' || name === 'null') return { kind: 'null' };
  const bare = BARE_GENERICS[name];
  if (bare) return bare;
  const generic = /^(list|context|range|function)\s*</.exec(name);
  if (!generic) return resolveNamed(text.trim());
  const open = name.indexOf('<');
  const close = closingAngle(name, open);
  if (close < 0) return undefined;
  const inner = name.slice(open + 1, close);
  const rest = name.slice(close + 1).trim();
  switch (generic[1]) {
    case 'list': {
      const item = parseTypeRef(inner, resolveNamed);
      return item && !rest ? { kind: 'list', item } : undefined;
    }
    case 'range': {
      const element = parseTypeRef(inner, resolveNamed);
      return element && !rest ? { kind: 'range', element } : undefined;
    }
    case 'context': {
      const entries = new Map<string, FeelType>();
      for (const part of splitTopLevel(inner)) {
        const colon = part.indexOf(':');
        const type = colon > 0 ? parseTypeRef(part.slice(colon + 1), resolveNamed) : undefined;
        if (!type || rest) return undefined;
        entries.set(part.slice(0, colon).trim(), type);
      }
      return { kind: 'context', entries };
    }
    default: {
      const arrow = /^->\s*(.+)$/.exec(rest);
      const result = arrow ? parseTypeRef(arrow[1] ?? '', resolveNamed) : undefined;
      const params = splitTopLevel(inner).map((p) => parseTypeRef(p, resolveNamed));
      if (!result || params.some((p) => p === undefined)) return undefined;
      return { kind: 'function', params: params as FeelType[], result };
    }
  }
}

export function conformsTo(value: FeelValue, type: FeelType): boolean {
  switch (type.kind) {
    case 'any':
      return value !== null;
    case 'null':
      return value === null;
    case 'list':
      return (
        Array.isArray(value) && (value as readonly FeelValue[]).every((v) => v === null || conformsTo(v, type.item))
      );
    case 'context':
      return (
        isContext(value) &&
        [...type.entries].every(([k, t]) => {
          const entry = value.entries.get(k);
          return entry !== undefined && (entry === null || conformsTo(entry, t));
        })
      );
    case 'range':
      return isRange(value) && [value.start, value.end].every((v) => v === null || conformsTo(v, type.element));
    case 'function':
      return isFunction(value) && (value.variadic === true || value.params.length === type.params.length);
    case 'constrained':
      return conformsTo(value, type.base) && type.allows(value);
    default:
      return valueKind(value) === type.kind;
  }
}

/** Conversion on assignment: null passes, singleton lists and elements convert, anything else non-conforming is null. */
export function coerceTo(value: FeelValue, type: FeelType): FeelValue {
  if (value === null || type.kind === 'any' || conformsTo(value, type)) return value;
  if (type.kind === 'list' && conformsTo(value, type.item)) return [value];
  if (Array.isArray(value) && value.length === 1 && conformsTo(value[0] ?? null, type)) return value[0] ?? null;
  return null;
}

export function typeOfValue(value: FeelValue): FeelType {
  const kind = valueKind(value);
  if (kind === 'null') return { kind: 'null' };
  if (Array.isArray(value)) return { kind: 'list', item: ANY };
  if (isContext(value))
    return { kind: 'context', entries: new Map([...value.entries].map(([k, v]) => [k, typeOfValue(v)])) };
  if (isRange(value)) return { kind: 'range', element: typeOfValue(value.start ?? value.end) };
  if (isFunction(value)) return { kind: 'function', params: value.params.map((p) => p.type ?? ANY), result: ANY };
  return { kind: kind as FeelPrimitiveTypeName };
}
