import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';

/**
 * The DMN TCK (github.com/dmn-tck/tck) test files as JSON: each test case's inputs and expected decision results,
 * in the JSON the service's DMN models take and answer (docs/dmn.md): numbers as numbers (as decimal strings beyond
 * double precision), dates, times and durations as their ISO 8601 text, components as objects, lists as arrays,
 * `xsi:nil` as null. CI has the TCK checked out beside the clone (`../shared/dmn-tck`).
 */
export const TCK_ROOT = path.resolve(__dirname, '..', '..', '..', 'shared', 'dmn-tck', 'TestCases');

export interface TckCase {
  id: string;
  inputs: Record<string, unknown>;
  expected: Record<string, unknown>;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => ['testCase', 'inputNode', 'resultNode', 'component', 'item'].includes(name),
});

type Element = Record<string, unknown>;
const element = (value: unknown): Element => (typeof value === 'object' && value !== null ? (value as Element) : {});

function scalar(value: unknown): unknown {
  const node = element(value);
  if (node['@_nil'] === 'true') return null;
  const text = typeof value === 'string' ? value : typeof node['#text'] === 'string' ? (node['#text'] as string) : '';
  const type = String(node['@_type'] ?? '').replace(/^.*:/, '');
  if (type === 'decimal' || type === 'double' || type === 'integer' || type === 'int' || type === 'long') {
    const number = Number(text.trim());
    return Number.isFinite(number) && String(number) === text.trim().replace(/^\+/, '').replace(/\.0+$/, '')
      ? number
      : text.trim();
  }
  if (type === 'boolean') return text.trim() === 'true';
  return type === 'string' ? text : text.trim();
}

/** A TCK value node (`<value>`, `<component>`s, `<list><item>`s) as JSON. */
export function tckValue(node: unknown): unknown {
  const value = element(node);
  if (value.component !== undefined) {
    return Object.fromEntries(
      (value.component as Element[]).map((component) => [String(component['@_name']), tckValue(component)]),
    );
  }
  if (value.list !== undefined) return ((element(value.list).item as Element[] | undefined) ?? []).map(tckValue);
  if (value.value !== undefined) return scalar(value.value);
  if (value['@_nil'] === 'true') return null;
  return scalar(node);
}

export function readTckCases(file: string): TckCase[] {
  const document = element(parser.parse(fs.readFileSync(file, 'utf8')));
  const cases = (element(document.testCases).testCase as Element[] | undefined) ?? [];
  return cases
    .filter(
      (testCase) => testCase['@_invocableName'] === undefined && (testCase['@_type'] ?? 'decision') === 'decision',
    )
    .map((testCase) => ({
      id: String(testCase['@_id']),
      inputs: Object.fromEntries(
        ((testCase.inputNode as Element[] | undefined) ?? []).map((input) => [
          String(input['@_name']),
          tckValue(input),
        ]),
      ),
      expected: Object.fromEntries(
        ((testCase.resultNode as Element[] | undefined) ?? []).map((result) => [
          String(result['@_name']),
          tckValue(result.expected),
        ]),
      ),
    }));
}

/**
 * Whether an answer matches a TCK expectation: numbers by value (the service answers a decimal string where a double
 * would round), lists and objects element by element, everything else exactly.
 */
export function tckEquals(expected: unknown, actual: unknown): boolean {
  const numeric = (value: unknown) =>
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^-?\d+(\.\d+)?(e-?\d+)?$/i.test(value)
        ? Number(value)
        : undefined;
  const [e, a] = [numeric(expected), numeric(actual)];
  if (e !== undefined && a !== undefined && (typeof expected === 'number' || typeof actual === 'number'))
    return Math.abs(e - a) <= 1e-12 * Math.max(1, Math.abs(e));
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => tckEquals(item, actual[index]))
    );
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const keys = Object.keys(expected);
    return (
      keys.length === Object.keys(actual).length &&
      keys.every((key) => tckEquals((expected as Element)[key], (actual as Element)[key]))
    );
  }
  return expected === actual;
}
