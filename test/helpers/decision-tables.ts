/**
 * Random decision tables for the verification engine's property tests: the same table as a JDM graph (run by the
 * ZEN engine) and as DMN XML (run by our DMN engine), region sampling and membership read from the report's
 * regions alone (decimal comparisons), so the tests judge the engine's answers by the real engines.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import type { ColumnRegion, Region } from '../../decision/verification';

export type ColumnKind = 'number' | 'string' | 'boolean';
export type Format = 'jdm' | 'dmn';
export interface RandomTable {
  kinds: ColumnKind[];
  /** rules[r][c]: the cell as written in the format it was generated for. */
  rules: string[][];
  outputs: string[];
}

const NUMBERS = [0, 1, 2, 2.5, 3, 5, 7.5, 8, 10];

function numberCell(format: Format): fc.Arbitrary<string> {
  const number = fc.constantFrom(...NUMBERS);
  const pair = fc.tuple(number, number).map(([a, b]) => (a <= b ? [a, b] : [b, a]) as [number, number]);
  const common = [
    fc.constant(''),
    fc.tuple(fc.constantFrom('<', '<=', '>', '>='), number).map(([op, n]) => `${op} ${n}`),
    fc
      .tuple(pair, fc.boolean(), fc.boolean())
      .map(([[a, b], left, right]) => `${left ? '[' : '('}${a}..${b}${right ? ']' : ')'}`),
    number.map(String),
    fc.tuple(number, number).map(([a, b]) => `${a}, ${b}`),
  ];
  if (format === 'jdm')
    return fc.oneof(
      ...common,
      pair.map(([a, b]) => `< ${a} or > ${b}`),
      pair.map(([a, b]) => `$ >= ${a} and $ < ${b}`),
    );
  return fc.oneof(
    ...common.map((arbitrary) => arbitrary.map((text) => (text === '' ? '-' : text))),
    pair.map(([a, b]) => `< ${a}, > ${b}`),
    number.map((n) => `not(${n})`),
    pair.map(([a, b]) => `]${a}..${b}[`),
  );
}

function stringCell(format: Format): fc.Arbitrary<string> {
  const common = ['"a"', '"b"', '"a", "b"', '"c"'];
  return format === 'jdm'
    ? fc.constantFrom('', '!= "a"', ...common)
    : fc.constantFrom('-', 'not("a")', 'not("a", "c")', ...common);
}

function booleanCell(format: Format): fc.Arbitrary<string> {
  return fc.constantFrom(format === 'jdm' ? '' : '-', 'true', 'false');
}

export function randomTable(format: Format, maxRules = 6): fc.Arbitrary<RandomTable> {
  return fc
    .array(fc.constantFrom<ColumnKind>('number', 'number', 'string', 'boolean'), { minLength: 1, maxLength: 3 })
    .chain((kinds) =>
      fc.record({
        kinds: fc.constant(kinds),
        rules: fc.array(
          fc.tuple(
            ...kinds.map((kind) =>
              kind === 'number' ? numberCell(format) : kind === 'string' ? stringCell(format) : booleanCell(format),
            ),
          ),
          { minLength: 1, maxLength: maxRules },
        ),
        outputs: fc.constant([]),
      }),
    )
    .chain((table) =>
      fc.record({
        kinds: fc.constant(table.kinds),
        rules: fc.constant(table.rules as string[][]),
        outputs: fc.array(fc.constantFrom('x', 'y'), { minLength: table.rules.length, maxLength: table.rules.length }),
      }),
    );
}

export const column = (c: number) => `c${c}`;

export function jdmGraph(table: RandomTable, hitPolicy: 'first' | 'collect'): Record<string, unknown> {
  return {
    nodes: [
      { id: 'in', name: 'Input', type: 'inputNode' },
      {
        id: 'table',
        name: 'Table',
        type: 'decisionTableNode',
        content: {
          hitPolicy,
          inputs: table.kinds.map((_, c) => ({ id: `i${c}`, name: column(c), field: column(c) })),
          outputs: [{ id: 'o', name: 'out', field: 'out' }],
          rules: table.rules.map((cells, r) => ({
            _id: `r${r + 1}`,
            ...Object.fromEntries(cells.map((cell, c) => [`i${c}`, cell])),
            o: JSON.stringify(table.outputs[r]),
          })),
        },
      },
      { id: 'out', name: 'Output', type: 'outputNode' },
    ],
    edges: [
      { id: 'e1', sourceId: 'in', targetId: 'table' },
      { id: 'e2', sourceId: 'table', targetId: 'out' },
    ],
  };
}

export function inputSchema(table: RandomTable): Record<string, unknown> {
  return {
    type: 'object',
    properties: Object.fromEntries(table.kinds.map((kind, c) => [column(c), { type: kind }])),
  };
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function dmnXml(table: RandomTable, hitPolicy: string): string {
  const inputs = table.kinds
    .map(
      (kind, c) =>
        `<inputData id="in${c}" name="${column(c)}"><variable id="v${c}" name="${column(c)}" typeRef="${kind}"/></inputData>`,
    )
    .join('');
  const clauses = table.kinds
    .map(
      (kind, c) =>
        `<input id="ic${c}"><inputExpression id="ie${c}" typeRef="${kind}"><text>${column(c)}</text></inputExpression></input>`,
    )
    .join('');
  const rules = table.rules
    .map(
      (cells, r) =>
        `<rule id="r${r + 1}">${cells.map((cell, c) => `<inputEntry id="r${r}e${c}"><text>${escape(cell)}</text></inputEntry>`).join('')}<outputEntry id="r${r}o"><text>"${table.outputs[r]}"</text></outputEntry></rule>`,
    )
    .join('');
  const requirements = table.kinds
    .map((_, c) => `<informationRequirement id="q${c}"><requiredInput href="#in${c}"/></informationRequirement>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="d" name="d" namespace="https://example.com/d">
${inputs}<decision id="decision" name="Decision"><variable id="dv" name="Decision" typeRef="string"/>${requirements}
<decisionTable id="dt" hitPolicy="${hitPolicy}"${hitPolicy === 'COLLECT' ? '' : ''}>${clauses}<output id="oc" name="out" typeRef="string"/>${rules}</decisionTable></decision>
</definitions>`;
}

/** Values a column's random points are drawn from: around and between every number the tables use. */
export const POOLS: Record<ColumnKind, unknown[]> = {
  number: [-1, ...NUMBERS, 0.5, 1.5, 2.25, 4, 6, 7.75, 9, 11],
  string: ['a', 'b', 'c', 'zz'],
  boolean: [true, false],
};

export function inColumnRegion(region: ColumnRegion, value: unknown): boolean {
  switch (region.kind) {
    case 'any':
      return true;
    case 'not_analysed':
      return false;
    case 'values': {
      const listed = region.values.some((v) => v === value);
      return region.negated ? !listed : listed;
    }
    case 'intervals': {
      if (typeof value !== 'number') return false;
      const x = new Decimal(value);
      return region.intervals.some(
        ({ from, to }) =>
          (!from || (from.inclusive ? x.gte(from.value) : x.gt(from.value))) &&
          (!to || (to.inclusive ? x.lte(to.value) : x.lt(to.value))),
      );
    }
  }
}

export function inRegion(region: Region, point: Record<string, unknown>): boolean {
  return Object.entries(region).every(([label, columnRegion]) => inColumnRegion(columnRegion, point[label]));
}

/** Points of a region: the ends of its intervals (when included), points between them, listed values. */
export function pointsIn(region: Region, kinds: ColumnKind[]): Record<string, unknown>[] {
  const options = kinds.map((kind, c) => {
    const columnRegion = region[column(c)] ?? { kind: 'any' };
    return POOLS[kind].filter((value) => inColumnRegion(columnRegion, value)).concat(extraPoints(columnRegion));
  });
  const points: Record<string, unknown>[] = [];
  for (let i = 0; i < 6; i++) {
    const point: Record<string, unknown> = {};
    options.forEach((values, c) => {
      if (values.length > 0) point[column(c)] = values[(i * 7 + c * 3) % values.length];
    });
    points.push(point);
  }
  return points;
}

function extraPoints(region: ColumnRegion): unknown[] {
  if (region.kind === 'values' && region.negated) return ['not listed'];
  if (region.kind !== 'intervals') return [];
  return region.intervals.flatMap(({ from, to }) => {
    const low = from ? new Decimal(from.value) : to ? new Decimal(to.value).minus(1) : new Decimal(0);
    const high = to ? new Decimal(to.value) : low.plus(1);
    const values = [low.plus(high).dividedBy(2).toNumber()];
    if (from?.inclusive) values.push(low.toNumber());
    if (to?.inclusive) values.push(high.toNumber());
    return values;
  });
}
