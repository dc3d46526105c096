/**
 * Property tests of the decision-table verification engine against the real engines: random JDM tables run by the
 * ZEN engine, random DMN tables run by our DMN engine. Every claim the report makes is checked by evaluating points:
 * gaps match no rule, overlaps match every rule listed, masked rules never fire first, every point matching no rule
 * lies in a reported gap, and the generated suite fires every rule that is not reported unreachable.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { evaluateJdm, loadJdmGraph, matchedRuleIndexes, type CompiledJdm } from '../../decision/jdm';
import { compileDmn, evaluateDmn, inputsFromJson } from '../../decision/dmn';
import { analyseVersion, generateCases, type TableAnalysis } from '../../decision/verification';
import {
  column,
  dmnXml,
  inRegion,
  inputSchema,
  jdmGraph,
  pointsIn,
  POOLS,
  randomTable,
  type RandomTable,
} from '../helpers/decision-tables';

const RUNS = Number(process.env.VERIFICATION_PROPERTY_RUNS ?? 25);

async function compile(graph: unknown): Promise<CompiledJdm> {
  const loaded = await loadJdmGraph(graph);
  assert.ok(loaded.ok, loaded.ok ? '' : JSON.stringify(loaded.errors));
  return loaded.decision;
}

/** 1-based rule numbers the engine matched at a point. */
async function jdmMatches(compiled: CompiledJdm, point: Record<string, unknown>): Promise<number[]> {
  const evaluation = await evaluateJdm(compiled, point as never);
  const step = evaluation.trace.find((s) => s.node_id === 'table');
  return [...matchedRuleIndexes(step?.trace_data)].map((index) => index + 1).sort((a, b) => a - b);
}

function randomPoints(table: RandomTable): fc.Arbitrary<Record<string, unknown>[]> {
  const point = fc
    .tuple(...table.kinds.map((kind) => fc.constantFrom(...POOLS[kind])))
    .map((values) => Object.fromEntries(values.map((value, c) => [column(c), value])));
  return fc.array(point, { minLength: 10, maxLength: 10 });
}

/** The checks shared by both formats; `matches(point, policy)` asks the real engine. */
async function checkClaims(
  table: RandomTable,
  analysis: { collect: TableAnalysis; first: TableAnalysis },
  points: Record<string, unknown>[],
  matches: (point: Record<string, unknown>, policy: 'first' | 'collect') => Promise<number[]>,
): Promise<void> {
  const describeTable = JSON.stringify(table);
  for (const gap of analysis.collect.gaps)
    for (const point of pointsIn(gap.region, table.kinds))
      assert.deepEqual(
        await matches(point, 'collect'),
        [],
        `gap ${gap.text} at ${JSON.stringify(point)} of ${describeTable}`,
      );
  for (const overlap of analysis.collect.overlaps)
    for (const point of pointsIn(overlap.region, table.kinds)) {
      const matched = await matches(point, 'collect');
      for (const rule of overlap.rules)
        assert.ok(
          matched.includes(rule),
          `overlap ${overlap.text} at ${JSON.stringify(point)}: ${matched} of ${describeTable}`,
        );
    }
  for (const point of points) {
    const matched = await matches(point, 'collect');
    if (matched.length === 0)
      assert.ok(
        analysis.collect.gaps.some((gap) => inRegion(gap.region, point)),
        `${JSON.stringify(point)} matches no rule but lies in no reported gap of ${describeTable}`,
      );
    const first = await matches(point, 'first');
    for (const masked of analysis.first.masked)
      assert.notDeepEqual(
        first,
        [masked.rule],
        `masked rule ${masked.rule} fired first at ${JSON.stringify(point)} of ${describeTable}`,
      );
  }
}

async function checkSuite(
  table: RandomTable,
  suite: ReturnType<typeof generateCases>,
  policy: 'first' | 'collect',
  matches: (point: Record<string, unknown>, policy: 'first' | 'collect') => Promise<number[]>,
): Promise<void> {
  const fired = new Set<number>();
  for (const testCase of suite.cases) (await matches(testCase.inputs, policy)).forEach((rule) => fired.add(rule));
  const unreachable = new Set(suite.unreachable.map((entry) => entry.rule));
  for (let rule = 1; rule <= table.rules.length; rule++)
    if (!unreachable.has(rule))
      assert.ok(fired.has(rule), `generated cases (${policy}) never fire rule ${rule} of ${JSON.stringify(table)}`);
}

describe('decision-table verification against the ZEN engine (JDM)', () => {
  it('gaps, overlaps, masked rules and generated cases hold on random tables', async () => {
    await fc.assert(
      fc.asyncProperty(
        randomTable('jdm').chain((table) => fc.tuple(fc.constant(table), randomPoints(table))),
        async ([table, points]) => {
          const compiled = {
            first: await compile(jdmGraph(table, 'first')),
            collect: await compile(jdmGraph(table, 'collect')),
          };
          const matches = (point: Record<string, unknown>, policy: 'first' | 'collect') =>
            jdmMatches(compiled[policy], point);
          const analyse = (policy: 'first' | 'collect') =>
            analyseVersion({ format: 'jdm', content: jdmGraph(table, policy), input_schema: inputSchema(table) });
          const [first, collect] = [analyse('first'), analyse('collect')];
          assert.equal(first.complete, true, JSON.stringify(first.tables[0]?.not_analysed));
          await checkClaims(table, { first: first.tables[0]!, collect: collect.tables[0]! }, points, matches);
          for (const policy of ['first', 'collect'] as const) {
            const suite = generateCases({
              format: 'jdm',
              content: jdmGraph(table, policy),
              input_schema: inputSchema(table),
            });
            await checkSuite(table, suite, policy, matches);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('decision-table verification against the DMN engine', () => {
  it('gaps, overlaps, masked rules and generated cases hold on random tables', async () => {
    await fc.assert(
      fc.asyncProperty(
        randomTable('dmn').chain((table) => fc.tuple(fc.constant(table), randomPoints(table))),
        async ([table, points]) => {
          const models = { first: compileDmn(dmnXml(table, 'FIRST')), collect: compileDmn(dmnXml(table, 'COLLECT')) };
          const matches = async (point: Record<string, unknown>, policy: 'first' | 'collect') => {
            const model = models[policy];
            const { inputs } = inputsFromJson(model, point);
            const step = evaluateDmn(model, inputs).trace.find((s) => s.decision_id === 'decision');
            return (step?.matched_rules ?? []).map((rule) => rule.index).sort((a, b) => a - b);
          };
          const analyse = (policy: string) => analyseVersion({ format: 'dmn', content: dmnXml(table, policy) });
          const [first, collect] = [analyse('FIRST'), analyse('COLLECT')];
          assert.equal(first.complete, true, JSON.stringify(first.tables[0]?.not_analysed));
          await checkClaims(table, { first: first.tables[0]!, collect: collect.tables[0]! }, points, matches);
          await checkSuite(table, generateCases({ format: 'dmn', content: dmnXml(table, 'FIRST') }), 'first', matches);
          await checkSuite(
            table,
            generateCases({ format: 'dmn', content: dmnXml(table, 'COLLECT') }),
            'collect',
            matches,
          );
        },
      ),
      { numRuns: RUNS },
    );
  });
});
