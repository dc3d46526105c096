import type { EvaluationTraceStep } from './evaluation-trace';
import type { JdmGraph } from './jdm';

/** How far a number may be from the expected one: absolute, or relative to the expected value. */
export type Tolerance = { absolute: number } | { relative: number };

export interface ExpectedCase {
  expected: Record<string, unknown>;
  tolerances: Record<string, Tolerance>;
  /** Rule ids (`_id`) that must be among the matched rules of the evaluation. */
  expectedRules: string[] | null;
}

export interface OutputDifference {
  output: string;
  expected: unknown;
  actual: unknown;
  /** Numbers: actual − expected. */
  difference?: number;
  tolerance?: Tolerance;
  message: string;
}

/**
 * An output by its name: a top-level key as it is (`discount.rate` may be a key), else a dotted path into nested
 * objects (`discount.rate` → outputs.discount.rate). Undefined when neither is there.
 */
export function outputAt(outputs: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(outputs, name)) return outputs[name];
  let value: unknown = outputs;
  for (const segment of name.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/**
 * Within the tolerance, counting the binary rounding of the subtraction itself as no difference (1.1 is within 0.1 of
 * 1, though 1.1 − 1 is 0.10000000000000009 in floating point). Without a tolerance, equal exactly.
 */
function withinTolerance(expected: number, actual: number, tolerance: Tolerance | undefined): boolean {
  if (!tolerance) return actual === expected;
  const allowed = 'absolute' in tolerance ? tolerance.absolute : tolerance.relative * Math.abs(expected);
  const rounding = 4 * Number.EPSILON * Math.max(Math.abs(actual), Math.abs(expected), allowed);
  return Math.abs(actual - expected) <= allowed + rounding;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const kindOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'list' : typeof value === 'object' ? 'object' : typeof value;

/**
 * Compares one expected value with the actual one, into `differences` (one per differing leaf, named by its dotted
 * path): numbers within the tolerance (exactly without one), lists item by item (same length), objects key by key
 * (the same keys), strings (dates and enum values included), booleans and null exactly.
 */
function compareValue(
  output: string,
  expected: unknown,
  actual: unknown,
  tolerance: Tolerance | undefined,
  differences: OutputDifference[],
): void {
  if (typeof expected === 'number') {
    if (typeof actual !== 'number') differences.push({ output, expected, actual, message: 'expected a number' });
    else if (!withinTolerance(expected, actual, tolerance)) {
      differences.push({
        output,
        expected,
        actual,
        difference: actual - expected,
        ...(tolerance ? { tolerance } : {}),
        message: tolerance ? 'outside the tolerance' : 'not equal',
      });
    }
  } else if (Array.isArray(expected)) {
    if (!Array.isArray(actual))
      differences.push({ output, expected, actual, message: `expected a list, got ${kindOf(actual)}` });
    else if (actual.length !== expected.length)
      differences.push({
        output,
        expected,
        actual,
        message: `expected ${expected.length} item(s), got ${actual.length}`,
      });
    else
      expected.forEach((item, index) =>
        compareValue(`${output}.${index}`, item, actual[index], tolerance, differences),
      );
  } else if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) {
      differences.push({ output, expected, actual, message: `expected an object, got ${kindOf(actual)}` });
      return;
    }
    for (const [key, item] of Object.entries(expected)) {
      if (!Object.hasOwn(actual, key))
        differences.push({
          output: `${output}.${key}`,
          expected: item,
          actual: null,
          message: 'the model did not output it',
        });
      else compareValue(`${output}.${key}`, item, actual[key], tolerance, differences);
    }
    for (const key of Object.keys(actual)) {
      if (!Object.hasOwn(expected, key))
        differences.push({ output: `${output}.${key}`, expected: null, actual: actual[key], message: 'not expected' });
    }
  } else if (actual !== expected) {
    differences.push({
      output,
      expected,
      actual,
      message:
        kindOf(actual) === kindOf(expected) ? 'not equal' : `expected ${kindOf(expected)}, got ${kindOf(actual)}`,
    });
  }
}

/**
 * Judges one case's evaluation: every expected output present and equal (see `compareValue`; a tolerance applies to
 * every number inside the output it names), and every expected rule among those that matched.
 */
export function judgeCase(
  expectation: ExpectedCase,
  outputs: Record<string, unknown>,
  matchedRuleIds: ReadonlySet<string>,
) {
  const differences: OutputDifference[] = [];
  for (const [name, expected] of Object.entries(expectation.expected)) {
    const actual = outputAt(outputs, name);
    if (actual === undefined)
      differences.push({ output: name, expected, actual: null, message: 'the model did not output it' });
    else compareValue(name, expected, actual, expectation.tolerances[name], differences);
  }
  const missingRules = (expectation.expectedRules ?? []).filter((id) => !matchedRuleIds.has(id));
  return { passed: differences.length === 0 && missingRules.length === 0, differences, missingRules };
}

/** Whether a value is or holds a number, so that a tolerance can apply to it. */
export function holdsNumber(value: unknown): boolean {
  if (typeof value === 'number') return true;
  if (Array.isArray(value)) return value.some(holdsNumber);
  return isPlainObject(value) && Object.values(value).some(holdsNumber);
}

/** The rule ids a trace says matched, in every decision table. */
export function matchedRuleIdsOf(trace: EvaluationTraceStep[] | undefined): Set<string> {
  const ids = new Set<string>();
  for (const step of trace ?? []) for (const rule of step.matched_rules ?? []) if (rule.id !== null) ids.add(rule.id);
  return ids;
}

export interface SuiteCoverage {
  rules_total: number;
  rules_hit: number;
  /** Rules hit over rules in all decision tables, in percent (100 when the graph has none). */
  rule_coverage_percent: number;
  decision_tables: Array<{
    node_id: string;
    name: string;
    rules: number;
    hit: Array<{ index: number; id: string | null; cases: number }>;
    never_hit: Array<{ index: number; id: string | null; description: string | null }>;
  }>;
  switches: Array<{
    node_id: string;
    name: string;
    taken: Array<{ id: string; condition: string; cases: number }>;
    never_taken: Array<{ id: string; condition: string }>;
  }>;
}

/** What a suite exercised: per decision table the rules hit (and by how many cases) and never hit; per switch, its branches. */
export function suiteCoverage(graph: JdmGraph, traces: Array<EvaluationTraceStep[] | undefined>): SuiteCoverage {
  const ruleHits = new Map<string, Map<number, number>>();
  const branchHits = new Map<string, Map<string, number>>();
  for (const trace of traces) {
    for (const step of trace ?? []) {
      if (!step.node_id) continue;
      for (const rule of step.matched_rules ?? []) {
        const hits = ruleHits.get(step.node_id) ?? ruleHits.set(step.node_id, new Map()).get(step.node_id)!;
        hits.set(rule.index, (hits.get(rule.index) ?? 0) + 1);
      }
      for (const branch of step.taken_branches ?? []) {
        const hits = branchHits.get(step.node_id) ?? branchHits.set(step.node_id, new Map()).get(step.node_id)!;
        hits.set(branch.id, (hits.get(branch.id) ?? 0) + 1);
      }
    }
  }
  const coverage: SuiteCoverage = {
    rules_total: 0,
    rules_hit: 0,
    rule_coverage_percent: 100,
    decision_tables: [],
    switches: [],
  };
  for (const node of graph.nodes) {
    if (node.type === 'decisionTableNode') {
      const hits = ruleHits.get(node.id) ?? new Map<number, number>();
      const rules = node.content.rules.map((rule, index) => ({
        index,
        id: rule._id ?? null,
        description: rule._description ?? null,
        cases: hits.get(index) ?? 0,
      }));
      coverage.rules_total += rules.length;
      coverage.rules_hit += rules.filter((rule) => rule.cases > 0).length;
      coverage.decision_tables.push({
        node_id: node.id,
        name: node.name,
        rules: rules.length,
        hit: rules.filter((rule) => rule.cases > 0).map(({ index, id, cases }) => ({ index, id, cases })),
        never_hit: rules
          .filter((rule) => rule.cases === 0)
          .map(({ index, id, description }) => ({ index, id, description })),
      });
    } else if (node.type === 'switchNode') {
      const hits = branchHits.get(node.id) ?? new Map<string, number>();
      const branches = node.content.statements.map((statement) => ({
        id: statement.id,
        condition: statement.condition,
        cases: hits.get(statement.id) ?? 0,
      }));
      coverage.switches.push({
        node_id: node.id,
        name: node.name,
        taken: branches.filter((branch) => branch.cases > 0),
        never_taken: branches.filter((branch) => branch.cases === 0).map(({ id, condition }) => ({ id, condition })),
      });
    }
  }
  if (coverage.rules_total > 0)
    coverage.rule_coverage_percent = Math.round((coverage.rules_hit / coverage.rules_total) * 10000) / 100;
  return coverage;
}
