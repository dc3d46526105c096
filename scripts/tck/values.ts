/**
 * TCK test-case values (testCases.xsd `valueType`): reading them into FEEL values, and comparing a result with the
 * expectation the way the reference runners do (numbers as exact decimals, lists item by item, components by name,
 * xsi:nil as null, dates, times and durations by value).
 */
import {
  feelEquals,
  FeelNumber,
  fromJson,
  formatValue,
  type FeelType,
  type FeelValue,
} from '../../decision/dmn/feel-api';

/** As every published TCK runner (Drools, jDMN, Camunda): numbers are equal when they differ by less than 1e-8. */
const NUMBER_COMPARISON_PRECISION = new FeelNumber('0.00000001');

export type Xml = Record<string, unknown>;

export type TckValue =
  | { readonly kind: 'nil' }
  | { readonly kind: 'value'; readonly text: string; readonly xsiType: string | null }
  | { readonly kind: 'list'; readonly items: readonly TckValue[] }
  | { readonly kind: 'context'; readonly components: ReadonlyArray<readonly [string, TckValue]> };

export function arr(value: unknown): Xml[] {
  return Array.isArray(value) ? (value as Xml[]) : value === undefined ? [] : [value as Xml];
}

export function textOf(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  const t = (node as Xml)['#text'];
  return typeof t === 'string' ? t : t === undefined ? '' : String(t);
}

function isNil(node: unknown): boolean {
  return typeof node === 'object' && node !== null && (node as Xml)['@_nil'] === 'true';
}

/** Reads a holder of `<value>`, `<list>` or `<component>` children (an inputNode, expected, item or component). */
export function readTckValue(holder: Xml): TckValue {
  if (isNil(holder)) return { kind: 'nil' };
  if ('list' in holder) {
    const list = holder.list as Xml | string;
    if (isNil(list)) return { kind: 'nil' };
    return {
      kind: 'list',
      items: arr(typeof list === 'object' ? list.item : undefined).map((item) => readTckValue(item)),
    };
  }
  if ('component' in holder) {
    return {
      kind: 'context',
      components: arr(holder.component).map((c) => [String(c['@_name']), readTckValue(c)] as const),
    };
  }
  const value = holder.value;
  if (value === undefined || isNil(value)) return { kind: 'nil' };
  if (typeof value === 'object' && value !== null) {
    const v = value as Xml;
    if ('list' in v || 'component' in v) return readTckValue(v);
    const type = v['@_type'];
    return { kind: 'value', text: textOf(v), xsiType: typeof type === 'string' ? type.replace(/^.*:/, '') : null };
  }
  return { kind: 'value', text: textOf(value), xsiType: null };
}

function baseOf(type: FeelType | null | undefined): FeelType | null {
  let t = type ?? null;
  while (t && t.kind === 'constrained') t = t.base;
  return t;
}

const XSD_TYPES: Readonly<Record<string, FeelType>> = {
  decimal: { kind: 'number' },
  double: { kind: 'number' },
  float: { kind: 'number' },
  int: { kind: 'number' },
  integer: { kind: 'number' },
  long: { kind: 'number' },
  short: { kind: 'number' },
  date: { kind: 'date' },
  dateTime: { kind: 'date and time' },
  time: { kind: 'time' },
};

function typedLeaf(text: string, xsiType: string): FeelValue {
  if (xsiType === 'boolean') return text.trim() === 'true' ? true : text.trim() === 'false' ? false : null;
  if (xsiType === 'duration') {
    return (
      fromJson(text.trim(), { kind: 'days and time duration' }) ??
      fromJson(text.trim(), { kind: 'years and months duration' })
    );
  }
  const type = XSD_TYPES[xsiType];
  if (type) return fromJson(text.trim(), type);
  return text;
}

/** A TCK value as a FEEL value; untyped text is read by the declared DMN type when there is one. */
export function toFeel(value: TckValue, declared?: FeelType | null): FeelValue {
  const type = baseOf(declared);
  switch (value.kind) {
    case 'nil':
      return null;
    case 'list':
      return value.items.map((item) => toFeel(item, type?.kind === 'list' ? type.item : null));
    case 'context':
      return {
        kind: 'context',
        entries: new Map(
          value.components.map(([name, v]) => [
            name,
            toFeel(v, type?.kind === 'context' ? type.entries.get(name) : null),
          ]),
        ),
      };
    case 'value':
      if (value.xsiType !== null) return typedLeaf(value.text, value.xsiType);
      if (type && type.kind !== 'string' && type.kind !== 'any') return fromJson(value.text.trim(), type);
      return value.text;
  }
}

function isContext(value: FeelValue): value is Extract<FeelValue, { kind: 'context' }> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    (value as { kind?: string }).kind === 'context'
  );
}

/** Whether `actual` matches the expectation; on a mismatch, `why` says where. */
export function matches(expected: TckValue, actual: FeelValue, path = ''): { ok: boolean; why?: string } {
  const fail = (why: string): { ok: boolean; why: string } => ({ ok: false, why: `${path || 'value'}: ${why}` });
  switch (expected.kind) {
    case 'nil':
      return actual === null ? { ok: true } : fail(`expected null, got ${formatValue(actual)}`);
    case 'list': {
      if (!Array.isArray(actual))
        return fail(`expected a list of ${expected.items.length}, got ${formatValue(actual)}`);
      const items = actual as readonly FeelValue[];
      if (items.length !== expected.items.length)
        return fail(`expected ${expected.items.length} items, got ${formatValue(actual)}`);
      for (let i = 0; i < items.length; i++) {
        const result = matches(expected.items[i] as TckValue, items[i] ?? null, `${path}[${i}]`);
        if (!result.ok) return result;
      }
      return { ok: true };
    }
    case 'context': {
      if (!isContext(actual)) return fail(`expected a context, got ${formatValue(actual)}`);
      if (actual.entries.size !== expected.components.length) {
        return fail(`expected ${expected.components.length} entries, got ${formatValue(actual)}`);
      }
      for (const [name, component] of expected.components) {
        const result = matches(component, actual.entries.get(name) ?? null, `${path}.${name}`);
        if (!result.ok) return result;
      }
      return { ok: true };
    }
    case 'value': {
      const wanted = toFeel(expected);
      if (expected.xsiType === null && typeof actual !== 'string' && actual !== null) {
        return formatValue(actual) === expected.text.trim()
          ? { ok: true }
          : fail(`expected ${expected.text}, got ${formatValue(actual)}`);
      }
      if (wanted instanceof FeelNumber && actual instanceof FeelNumber) {
        return wanted.minus(actual).abs().lt(NUMBER_COMPARISON_PRECISION)
          ? { ok: true }
          : fail(`expected ${formatValue(wanted)}, got ${formatValue(actual)}`);
      }
      return feelEquals(wanted, actual) === true
        ? { ok: true }
        : fail(`expected ${formatValue(wanted)}, got ${formatValue(actual)}`);
    }
  }
}
