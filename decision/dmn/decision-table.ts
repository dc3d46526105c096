/**
 * Decision tables (DMN 1.5 §8): input expressions, unary-test input entries, output entries, hit policies
 * U, A, P, F, R, O, C and C+ C< C> C#, output values (priorities), default outputs and multiple outputs.
 */
import {
  coerceTo,
  compileExpression,
  compileUnaryTests,
  feelCompare,
  feelEquals,
  FeelNumber,
  makeContext,
  type CompiledUnaryTests,
  type FeelType,
  type FeelValue,
} from './feel-api';
import type { DecisionTableNode } from './model';
import { compileFeel } from './feel-text';
import { describeCompileError } from './problems';
import {
  resolveTypeRef,
  type CompileEnv,
  type EvalContext,
  type Evaluator,
  type MatchedRule,
  type Scope,
} from './runtime';

/** A DMN decision table's hit policies by their names and letters (the attribute takes either). */
export type DmnHitPolicy = 'UNIQUE' | 'ANY' | 'FIRST' | 'PRIORITY' | 'RULE ORDER' | 'OUTPUT ORDER' | 'COLLECT';
export const HIT_POLICIES: Readonly<Record<string, DmnHitPolicy>> = {
  U: 'UNIQUE',
  UNIQUE: 'UNIQUE',
  A: 'ANY',
  ANY: 'ANY',
  P: 'PRIORITY',
  PRIORITY: 'PRIORITY',
  F: 'FIRST',
  FIRST: 'FIRST',
  R: 'RULE ORDER',
  'RULE ORDER': 'RULE ORDER',
  O: 'OUTPUT ORDER',
  'OUTPUT ORDER': 'OUTPUT ORDER',
  C: 'COLLECT',
  COLLECT: 'COLLECT',
};

const AGGREGATIONS: Readonly<Record<string, string>> = {
  SUM: '+',
  MIN: '<',
  MAX: '>',
  COUNT: '#',
  '+': '+',
  '<': '<',
  '>': '>',
  '#': '#',
};

interface CompiledInput {
  readonly expression: Evaluator;
  readonly type: FeelType | null;
  readonly allowed: CompiledUnaryTests | null;
}

interface CompiledOutput {
  readonly name: string | null;
  readonly type: FeelType | null;
  /** Output values in priority order (first = highest), for P and O. */
  readonly priorities: Evaluator | null;
  readonly defaultValue: Evaluator | null;
}

interface CompiledRule {
  readonly index: number;
  readonly id: string | null;
  readonly tests: ReadonlyArray<CompiledUnaryTests | null>;
  readonly outputs: readonly Evaluator[];
}

function compileTests(text: string, env: CompileEnv, where: string): CompiledUnaryTests | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-') return null;
  try {
    return compileUnaryTests(text, { names: env.names, types: env.types });
  } catch (error) {
    env.problems.add(env.owner, `${where}: ${describeCompileError(error)} in ${JSON.stringify(trimmed)}`);
    return { text, test: () => false };
  }
}

function compilePriorities(text: string | null, env: CompileEnv): Evaluator | null {
  if (text === null || text.trim() === '') return null;
  try {
    const list = compileExpression(`[${text}]`, { names: env.names, types: env.types });
    return (scope, context) =>
      list.evaluate(scope, context.deadline !== undefined ? { deadline: context.deadline } : {});
  } catch {
    // Output values that are not a plain list of values (e.g. ranges) give no priorities.
    return null;
  }
}

function compileOutputs(node: DecisionTableNode, env: CompileEnv, where: string): CompiledOutput[] {
  return node.outputs.map((output, o) => ({
    name: output.name,
    type: resolveTypeRef(env, output.typeRef, `${where}, output "${output.name ?? o + 1}"`),
    priorities: compilePriorities(output.outputValues, env),
    defaultValue:
      output.defaultOutputEntry !== null && output.defaultOutputEntry.trim() !== ''
        ? compileFeel(output.defaultOutputEntry, env, `${where}, default output`)
        : null,
  }));
}

function compileRules(node: DecisionTableNode, env: CompileEnv, where: string): CompiledRule[] {
  return node.rules.map((rule, r) => {
    const at = `${where}, rule ${r + 1}`;
    if (rule.inputEntries.length !== node.inputs.length || rule.outputEntries.length !== node.outputs.length) {
      env.problems.add(
        env.owner,
        `${at}: ${rule.inputEntries.length} input and ${rule.outputEntries.length} output entries for ${node.inputs.length} inputs and ${node.outputs.length} outputs`,
      );
    }
    return {
      index: r + 1,
      id: rule.id,
      tests: rule.inputEntries.map((text, i) => compileTests(text, env, `${at}, input entry ${i + 1}`)),
      outputs: rule.outputEntries.map((text, o) =>
        text.trim() === '' ? () => null : compileFeel(text, env, `${at}, output entry ${o + 1}`),
      ),
    };
  });
}

/** A rule's output: one value, or a context of the output names when the table has several outputs. */
function ruleOutput(values: readonly FeelValue[], outputs: readonly CompiledOutput[]): FeelValue {
  if (outputs.length === 1) return values[0] ?? null;
  return makeContext(outputs.map((o, i) => [o.name ?? `output${i + 1}`, values[i] ?? null] as const));
}

function priorityIndex(value: FeelValue, priorities: FeelValue): number {
  if (!Array.isArray(priorities)) return Number.MAX_SAFE_INTEGER;
  const index = (priorities as readonly FeelValue[]).findIndex((p) => feelEquals(p, value) === true);
  return index < 0 ? Number.MAX_SAFE_INTEGER : index;
}

function sortByPriority(
  rows: ReadonlyArray<readonly FeelValue[]>,
  priorityLists: readonly FeelValue[],
): Array<readonly FeelValue[]> {
  const keyed = rows.map((row, position) => ({
    row,
    position,
    keys: row.map((v, o) => priorityIndex(v, priorityLists[o] ?? null)),
  }));
  keyed.sort((a, b) => {
    for (let o = 0; o < a.keys.length; o++) {
      const diff = (a.keys[o] ?? 0) - (b.keys[o] ?? 0);
      if (diff !== 0) return diff;
    }
    return a.position - b.position;
  });
  return keyed.map((k) => k.row);
}

function aggregate(values: readonly FeelValue[], aggregation: string): FeelValue {
  if (aggregation === '#') return new FeelNumber(values.length);
  if (values.length === 0) return null;
  if (aggregation === '+') {
    let total = new FeelNumber(0);
    for (const v of values) {
      if (!(v instanceof FeelNumber)) return null;
      total = total.plus(v);
    }
    return total;
  }
  let best: FeelValue = values[0] ?? null;
  for (const v of values.slice(1)) {
    const order = feelCompare(v, best);
    if (order === null) return null;
    if ((aggregation === '<' && order < 0) || (aggregation === '>' && order > 0)) best = v;
  }
  return best;
}

interface TableParts {
  readonly hitPolicy: string;
  readonly aggregation: string | null;
  readonly outputs: readonly CompiledOutput[];
}

function applyHitPolicy(
  parts: TableParts,
  rows: ReadonlyArray<readonly FeelValue[]>,
  scope: Scope,
  context: EvalContext,
): FeelValue {
  const { hitPolicy, outputs } = parts;
  const single = (): FeelValue => ruleOutput(rows[0] ?? [], outputs);
  switch (hitPolicy) {
    case 'UNIQUE':
      return rows.length === 1 ? single() : null;
    case 'ANY':
      return rows.every((row) => row.every((v, o) => feelEquals(v, rows[0]?.[o] ?? null) === true)) ? single() : null;
    case 'FIRST':
      return single();
    case 'PRIORITY':
    case 'OUTPUT ORDER': {
      const priorityLists = outputs.map((o) => o.priorities?.(scope, context) ?? null);
      const sorted = sortByPriority(rows, priorityLists);
      if (hitPolicy === 'PRIORITY') return ruleOutput(sorted[0] ?? [], outputs);
      return sorted.map((row) => ruleOutput(row, outputs));
    }
    case 'RULE ORDER':
      return rows.map((row) => ruleOutput(row, outputs));
    default: {
      const values = rows.map((row) => ruleOutput(row, outputs));
      return parts.aggregation ? aggregate(values, parts.aggregation) : values;
    }
  }
}

function defaultResult(parts: TableParts, scope: Scope, context: EvalContext): FeelValue {
  const { outputs } = parts;
  if (!outputs.some((o) => o.defaultValue)) {
    if (parts.hitPolicy === 'COLLECT' && parts.aggregation === '#') return new FeelNumber(0);
    return null;
  }
  return ruleOutput(
    outputs.map((o) => coerceOutput(o.defaultValue?.(scope, context) ?? null, o)),
    outputs,
  );
}

function coerceOutput(value: FeelValue, output: CompiledOutput): FeelValue {
  return output.type ? coerceTo(value, output.type) : value;
}

function compileInputs(node: DecisionTableNode, env: CompileEnv, where: string): CompiledInput[] {
  return node.inputs.map((input, i) => ({
    expression: compileFeel(input.expression, env, `${where}, input ${i + 1} expression`),
    type: resolveTypeRef(env, input.typeRef, `${where}, input ${i + 1}`),
    allowed:
      input.inputValues !== null && input.inputValues.trim() !== ''
        ? compileTests(input.inputValues, env, `${where}, input ${i + 1} values`)
        : null,
  }));
}

export function compileDecisionTable(node: DecisionTableNode, env: CompileEnv, where: string): Evaluator {
  const hitPolicy = HIT_POLICIES[node.hitPolicy] ?? null;
  if (hitPolicy === null) env.problems.add(env.owner, `${where}: unknown hit policy "${node.hitPolicy}"`);
  const aggregation = node.aggregation ? (AGGREGATIONS[node.aggregation] ?? null) : null;
  if (node.aggregation && aggregation === null)
    env.problems.add(env.owner, `${where}: unknown aggregation "${node.aggregation}"`);
  const inputs = compileInputs(node, env, where);
  const outputs = compileOutputs(node, env, where);
  const rules = compileRules(node, env, where);
  const parts: TableParts = { hitPolicy: hitPolicy ?? 'UNIQUE', aggregation, outputs };
  const traceName = `${parts.hitPolicy}${aggregation ? ` ${aggregation}` : ''}`;

  return (scope, context) => {
    const trace = context.tableTrace;
    // Nested tables (in a context entry, a BKM called from here) must not overwrite this table's trace.
    context.tableTrace = null;
    const values = inputs.map((input) => {
      const raw = input.expression(scope, context);
      return input.type ? coerceTo(raw, input.type) : raw;
    });
    // An input outside its declared input values makes the table's result undefined (null).
    if (
      inputs.some(
        (input, i) => input.allowed && values[i] !== null && !input.allowed.test(values[i] ?? null, scope, context),
      )
    ) {
      if (trace) Object.assign(trace, { hitPolicy: traceName, matched: [] });
      return null;
    }
    const matched: MatchedRule[] = [];
    const rows: FeelValue[][] = [];
    for (const rule of rules) {
      const hit = rule.tests.every((test, i) => test === null || test.test(values[i] ?? null, scope, context));
      if (!hit) continue;
      matched.push({ index: rule.index, id: rule.id });
      rows.push(rule.outputs.map((out, o) => coerceOutput(out(scope, context), outputs[o] as CompiledOutput)));
      if (parts.hitPolicy === 'FIRST') break;
    }
    if (trace) Object.assign(trace, { hitPolicy: traceName, matched });
    if (rows.length === 0) return defaultResult(parts, scope, context);
    return applyHitPolicy(parts, rows, scope, context);
  };
}
