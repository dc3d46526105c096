/**
 * For the developer harness only: a minimal evaluator of DMN boxed expressions (contexts, decision tables,
 * invocations, BKMs, lists, relations, conditionals, filters, iterators) over this FEEL layer, enough to exercise it
 * on more of the TCK. The real DMN engine lives on the `dmn` branch.
 */
import {
  FeelNumber,
  coerceTo,
  compileExpression,
  compileUnaryTests,
  feelCompare,
  invokeFunction,
  isFeelFunction,
  makeContext,
  makeFunction,
  parseTypeRef,
  type FeelType,
  type FeelValue,
} from './index';

export type Xml = Record<string, unknown>;

export function arr(value: unknown): Xml[] {
  return Array.isArray(value) ? (value as Xml[]) : value === undefined ? [] : [value as Xml];
}

export function text(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  const t = (node as Xml)['#text'];
  return typeof t === 'string' ? t : '';
}

export const BOXED = ['literalExpression', 'context', 'decisionTable', 'invocation', 'functionDefinition', 'list', 'relation', 'conditional', 'filter', 'for', 'some', 'every'];

export interface BoxedEnv {
  readonly types: (name: string) => FeelType | undefined;
  readonly deadline: number;
}

type Scope = Map<string, FeelValue>;

/** The boxed expression held by `holder` (a decision, context entry, binding, ...), or undefined. */
export function boxedOf(holder: Xml): [string, Xml] | undefined {
  for (const kind of BOXED) if (holder[kind] !== undefined) return [kind, (arr(holder[kind])[0] ?? {}) as Xml];
  return undefined;
}

function typed(node: Xml, value: FeelValue, env: BoxedEnv): FeelValue {
  const ref = node['@_typeRef'];
  const type = typeof ref === 'string' ? parseTypeRef(ref, env.types) : undefined;
  return type ? coerceTo(value, type) : value;
}

function literal(source: string, scope: Scope, env: BoxedEnv): FeelValue {
  if (source.trim() === '') return null;
  try {
    return compileExpression(source, { names: scope.keys(), types: env.types }).evaluate(scope, { deadline: env.deadline });
  } catch {
    return null;
  }
}

export function evalHolder(holder: Xml, scope: Scope, env: BoxedEnv): FeelValue {
  const boxed = boxedOf(holder);
  return boxed ? evalBoxed(boxed[0], boxed[1], scope, env) : null;
}

function evalContext(node: Xml, scope: Scope, env: BoxedEnv): FeelValue {
  const inner = new Map(scope);
  const entries = new Map<string, FeelValue>();
  for (const entry of arr(node.contextEntry)) {
    const value = evalHolder(entry, inner, env);
    const variable = entry.variable as Xml | undefined;
    if (!variable) return value;
    const name = String(variable['@_name']);
    entries.set(name, value);
    inner.set(name, value);
  }
  return makeContext(entries);
}

function evalFunctionDefinition(node: Xml, scope: Scope, env: BoxedEnv): FeelValue {
  const formal = arr(node.formalParameter);
  const params = formal.map((p) => String(p['@_name']));
  const types = formal.map((p) => (typeof p['@_typeRef'] === 'string' ? parseTypeRef(p['@_typeRef'], env.types) : undefined));
  return makeFunction(
    undefined,
    params.map((name, i) => {
      const type = types[i];
      return type ? { name, type } : { name };
    }),
    (args) => {
      const inner = new Map(scope);
      params.forEach((p, i) => inner.set(p, args[i] ?? null));
      return evalHolder(node, inner, env);
    },
  );
}

function evalInvocation(node: Xml, scope: Scope, env: BoxedEnv): FeelValue {
  const fn = evalHolder(node, scope, env);
  if (!isFeelFunction(fn)) return null;
  const args = new Map(arr(node.binding).map((b) => [String((b.parameter as Xml)['@_name']), evalHolder(b, scope, env)]));
  return invokeFunction(fn, args);
}

function evalDecisionTable(node: Xml, scope: Scope, env: BoxedEnv): FeelValue {
  const inputs = arr(node.input).map((i) => literal(text((i.inputExpression as Xml).text), scope, env));
  const outputs = arr(node.output);
  const matched: FeelValue[][] = [];
  for (const rule of arr(node.rule)) {
    const entries = arr(rule.inputEntry);
    const ok = entries.every((entry, i) => {
      const source = text(entry.text).trim();
      if (source === '' || source === '-') return true;
      try {
        return compileUnaryTests(source, { names: scope.keys(), types: env.types }).test(inputs[i] ?? null, scope);
      } catch {
        return false;
      }
    });
    if (ok) matched.push(arr(rule.outputEntry).map((o) => literal(text(o.text), scope, env)));
  }
  const shape = (row: FeelValue[]): FeelValue =>
    outputs.length === 1 ? (row[0] ?? null) : makeContext(outputs.map((o, i) => [String(o['@_name']), row[i] ?? null]));
  const policy = String(node['@_hitPolicy'] ?? 'UNIQUE');
  if (matched.length === 0) {
    const defaults = outputs.map((o) => literal(text((o.defaultOutputEntry as Xml | undefined)?.text), scope, env));
    return policy === 'COLLECT' && !defaults.some((d) => d !== null) ? [] : defaults.some((d) => d !== null) ? shape(defaults) : null;
  }
  if (policy === 'COLLECT' || policy === 'RULE ORDER' || policy === 'OUTPUT ORDER') {
    const rows = matched.map(shape);
    const aggregation = node['@_aggregation'];
    if (aggregation === 'SUM') return rows.reduce<FeelValue>((a, b) => (a instanceof FeelNumber && b instanceof FeelNumber ? a.add(b) : null), new FeelNumber(0));
    if (aggregation === 'COUNT') return new FeelNumber(rows.length);
    if (aggregation === 'MIN' || aggregation === 'MAX') {
      const sign = aggregation === 'MIN' ? -1 : 1;
      return rows.reduce((a, b) => ((feelCompare(b, a) ?? 0) * sign > 0 ? b : a));
    }
    return rows;
  }
  if (policy === 'PRIORITY') return shape(matched.sort((a, b) => priority(outputs, a, scope, env) - priority(outputs, b, scope, env))[0] ?? []);
  if (policy === 'UNIQUE' && matched.length > 1) return null;
  return shape(matched[0] ?? []);
}

function priority(outputs: Xml[], row: FeelValue[], scope: Scope, env: BoxedEnv): number {
  const allowed = text((outputs[0]?.outputValues as Xml | undefined)?.text);
  const values = allowed ? literal(`[${allowed}]`, scope, env) : [];
  const list = Array.isArray(values) ? (values as FeelValue[]) : [];
  const index = list.findIndex((v) => v === row[0] || (v instanceof FeelNumber && row[0] instanceof FeelNumber && v.eq(row[0])));
  return index < 0 ? list.length : index;
}

function evalIteration(kind: string, node: Xml, scope: Scope, env: BoxedEnv): FeelValue {
  const source = evalHolder(node.in as Xml, scope, env);
  if (!Array.isArray(source)) return null;
  const variable = String(node['@_iteratorVariable'] ?? 'item');
  const results: FeelValue[] = [];
  for (const item of source as FeelValue[]) {
    const inner = new Map(scope);
    if (kind === 'filter') {
      inner.set('item', item);
      if (item !== null && typeof item === 'object' && 'kind' in item && item.kind === 'context') for (const [k, v] of item.entries) inner.set(k, v);
      if (evalHolder(node.match as Xml, inner, env) === true) results.push(item);
      continue;
    }
    inner.set(variable, item);
    inner.set('partial', [...results]);
    results.push(evalHolder((kind === 'for' ? node.return : node.satisfies) as Xml, inner, env));
  }
  if (kind === 'some') return results.some((r) => r === true);
  if (kind === 'every') return results.every((r) => r === true);
  return results;
}

export function evalBoxed(kind: string, node: Xml, scope: Scope, env: BoxedEnv): FeelValue {
  switch (kind) {
    case 'literalExpression':
      return typed(node, literal(text(node.text), scope, env), env);
    case 'context':
      return evalContext(node, scope, env);
    case 'functionDefinition':
      return evalFunctionDefinition(node, scope, env);
    case 'invocation':
      return evalInvocation(node, scope, env);
    case 'decisionTable':
      return evalDecisionTable(node, scope, env);
    case 'list':
      return BOXED.flatMap((k) => arr(node[k]).map((n) => evalBoxed(k, n, scope, env)));
    case 'relation': {
      const columns = arr(node.column).map((c) => String(c['@_name']));
      return arr(node.row).map((row) => {
        const cells = BOXED.flatMap((k) => arr(row[k]).map((n) => evalBoxed(k, n, scope, env)));
        return makeContext(columns.map((c, i) => [c, cells[i] ?? null]));
      });
    }
    case 'conditional':
      return evalHolder(node.if as Xml, scope, env) === true ? evalHolder(node.then as Xml, scope, env) : evalHolder(node.else as Xml, scope, env);
    default:
      return evalIteration(kind, node, scope, env);
  }
}
