/**
 * Boxed expressions (DMN 1.5 chapter 7, 8 and 10.2) compiled once into evaluators: literal expressions, contexts,
 * lists, relations, invocations, function definitions, conditionals, filters and iterators (decision tables are in
 * decision-table.ts). Every FEEL text is parsed here, so syntax errors surface at compile time.
 */
import {
  coerceTo,
  invokeFunction,
  javaFunctionValue,
  makeContext,
  makeFunction,
  type FeelParameter,
  type FeelType,
  type FeelValue,
} from './feel-api';
import type {
  ContextNode,
  ExpressionNode,
  FunctionDefinitionNode,
  InvocationNode,
  IteratorNode,
  RelationNode,
  TypedName,
} from './model';
import { compileDecisionTable } from './decision-table';
import { resolveTypeRef, withNames, type CompileEnv, type Evaluator, type Scope } from './runtime';
import { compileFeel, NULL_EVALUATOR } from './feel-text';

function isContextValue(value: FeelValue): value is Extract<FeelValue, { kind: 'context' }> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    (value as { kind?: string }).kind === 'context'
  );
}

function isFunctionValue(value: FeelValue): value is Extract<FeelValue, { kind: 'function' }> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    (value as { kind?: string }).kind === 'function'
  );
}

function coercing(evaluator: Evaluator, type: FeelType | null): Evaluator {
  if (!type) return evaluator;
  return (scope, context) => coerceTo(evaluator(scope, context), type);
}

function compileOptional(node: ExpressionNode | null, env: CompileEnv, where: string): Evaluator {
  if (!node) return NULL_EVALUATOR;
  return compileBoxed(node, env, where);
}

function compileContext(node: ContextNode, env: CompileEnv, where: string): Evaluator {
  let inner = env;
  const entries: Array<{ name: string | null; evaluate: Evaluator }> = [];
  for (const entry of node.entries) {
    const name = entry.variable?.name ?? null;
    // An entry sees the entries before it, and itself (a function entry may be recursive).
    if (name !== null) inner = withNames(inner, [name]);
    const type = entry.variable ? resolveTypeRef(inner, entry.variable.typeRef, `context entry "${name ?? ''}"`) : null;
    const evaluate = coercing(
      compileOptional(entry.value, inner, `${where}, context entry "${name ?? 'result'}"`),
      type,
    );
    entries.push({ name, evaluate });
  }
  return (scope, context) => {
    const local = new Map(scope);
    const values = new Map<string, FeelValue>();
    for (const entry of entries) {
      const value = entry.evaluate(local, context);
      if (entry.name === null) return value;
      local.set(entry.name, value);
      values.set(entry.name, value);
    }
    return makeContext(values);
  };
}

function compileRelation(node: RelationNode, env: CompileEnv, where: string): Evaluator {
  const columns = node.columns.map((c) => ({
    name: c.name,
    type: resolveTypeRef(env, c.typeRef, `relation column "${c.name}"`),
  }));
  const rows = node.rows.map((row, r) =>
    row.map((cell, c) =>
      coercing(compileOptional(cell, env, `${where}, relation row ${r + 1}`), columns[c]?.type ?? null),
    ),
  );
  return (scope, context) =>
    rows.map((row) =>
      makeContext(columns.map((column, c) => [column.name, row[c]?.(scope, context) ?? null] as const)),
    );
}

function compileInvocation(node: InvocationNode, env: CompileEnv, where: string): Evaluator {
  const callee = compileOptional(node.callee, env, `${where}, invoked function`);
  const bindings = node.bindings.map((b) => ({
    name: b.name,
    evaluate: compileOptional(b.value, env, `${where}, binding "${b.name}"`),
  }));
  return (scope, context) => {
    const fn = callee(scope, context);
    if (!isFunctionValue(fn)) return null;
    const args = new Map<string, FeelValue>();
    for (const binding of bindings) args.set(binding.name, binding.evaluate(scope, context));
    return invokeFunction(fn, args);
  };
}

export interface TypedParameter {
  readonly name: string;
  readonly type: FeelType | null;
}

export function typedParameters(params: readonly TypedName[], env: CompileEnv): TypedParameter[] {
  return params.map((p) => ({ name: p.name, type: resolveTypeRef(env, p.typeRef, `parameter "${p.name}"`) }));
}

/**
 * A function value over a compiled body: arguments are coerced to the parameter types (non-conforming → null) and
 * bound over the scope the function was created in.
 */
export function makeBodyFunction(
  name: string | undefined,
  params: readonly TypedParameter[],
  body: Evaluator,
  scope: Scope,
  deadline: number | undefined,
  resultType: FeelType | null = null,
): FeelValue {
  const feelParams: FeelParameter[] = params.map((p) => (p.type ? { name: p.name, type: p.type } : { name: p.name }));
  return makeFunction(name, feelParams, (args) => {
    const local = new Map(scope);
    params.forEach((p, i) => {
      const arg = args[i] ?? null;
      local.set(p.name, p.type ? coerceTo(arg, p.type) : arg);
    });
    const result = body(local, deadline !== undefined ? { deadline } : {});
    return resultType ? coerceTo(result, resultType) : result;
  });
}

function compileFunctionDefinition(node: FunctionDefinitionNode, env: CompileEnv, where: string): Evaluator {
  const params = typedParameters(node.params, env);
  const kind = node.functionKind.toUpperCase();
  if (kind === 'JAVA') return compileJavaFunction(node, params, env, where);
  // PMML models need an external runtime this service does not have: the function evaluates to null.
  if (kind !== 'FEEL') return NULL_EVALUATOR;
  const body = compileOptional(
    node.body,
    withNames(
      env,
      params.map((p) => p.name),
    ),
    `${where}, function body`,
  );
  return (scope, context) => makeBodyFunction(undefined, params, body, scope, context.deadline);
}

/**
 * A Java function definition: its body is a context naming `class` and `method signature`. Only allowlisted
 * java.lang methods resolve (the FEEL layer's java-functions.ts, shared with FEEL's `external {java: …}`);
 * anything else evaluates to null.
 */
function compileJavaFunction(
  node: FunctionDefinitionNode,
  params: readonly TypedParameter[],
  env: CompileEnv,
  where: string,
): Evaluator {
  const body = compileOptional(node.body, env, `${where}, Java function`);
  return (scope, context) =>
    javaFunctionValue(
      body(scope, context),
      params.map((p) => ({ name: p.name })),
    );
}

function asList(value: FeelValue): readonly FeelValue[] | null {
  if (value === null) return null;
  return Array.isArray(value) ? (value as readonly FeelValue[]) : [value];
}

function compileIterator(node: IteratorNode, env: CompileEnv, where: string): Evaluator {
  const source = compileOptional(node.source, env, `${where}, ${node.kind} source`);
  const body = compileOptional(node.body, withNames(env, [node.variable]), `${where}, ${node.kind} body`);
  return (scope, context) => {
    const items = asList(source(scope, context));
    if (items === null) return null;
    const results = items.map((item) => {
      const local = new Map(scope);
      local.set(node.variable, item);
      return body(local, context);
    });
    if (node.kind === 'for') return results;
    // A non-boolean test result makes the whole quantified expression undefined (DMN 1.5 §8.4).
    if (results.some((r) => r !== null && typeof r !== 'boolean')) return null;
    if (node.kind === 'some')
      return results.some((r) => r === true) ? true : results.every((r) => r === false) ? false : null;
    return results.every((r) => r === true) ? true : results.some((r) => r === false) ? false : null;
  };
}

function compileFilter(source: Evaluator, match: Evaluator): Evaluator {
  return (scope, context) => {
    const items = asList(source(scope, context));
    if (items === null) return null;
    const kept: FeelValue[] = [];
    for (const item of items) {
      const local = new Map(scope);
      // As in a FEEL filter, a context item's entries are in scope by name besides `item`.
      if (isContextValue(item)) for (const [k, v] of item.entries) local.set(k, v);
      local.set('item', item);
      const verdict = match(local, context);
      // A match that is neither boolean nor null makes the filter's result undefined (DMN 1.5 §8.4).
      if (verdict !== null && typeof verdict !== 'boolean') return null;
      if (verdict === true) kept.push(item);
    }
    return kept;
  };
}

export function compileBoxed(node: ExpressionNode, env: CompileEnv, where: string): Evaluator {
  switch (node.kind) {
    case 'literalExpression':
      return compileFeel(node.text, env, where);
    case 'context':
      return compileContext(node, env, where);
    case 'list': {
      const items = node.items.map((item, i) => compileBoxed(item, env, `${where}, list item ${i + 1}`));
      return (scope, context) => items.map((item) => item(scope, context));
    }
    case 'relation':
      return compileRelation(node, env, where);
    case 'invocation':
      return compileInvocation(node, env, where);
    case 'functionDefinition':
      return compileFunctionDefinition(node, env, where);
    case 'conditional': {
      const condition = compileOptional(node.condition, env, `${where}, if`);
      const then = compileOptional(node.then, env, `${where}, then`);
      const otherwise = compileOptional(node.otherwise, env, `${where}, else`);
      return (scope, context) => {
        const verdict = condition(scope, context);
        if (verdict === true) return then(scope, context);
        // Like FEEL's if: null takes the else branch; any other non-boolean makes the result undefined.
        return verdict === false || verdict === null ? otherwise(scope, context) : null;
      };
    }
    case 'filter': {
      const source = compileOptional(node.source, env, `${where}, filter source`);
      const match = compileOptional(node.match, withNames(env, ['item']), `${where}, filter match`);
      return compileFilter(source, match);
    }
    case 'for':
    case 'some':
    case 'every':
      return compileIterator(node, env, where);
    case 'decisionTable':
      return compileDecisionTable(node, env, where);
    case 'unsupported':
      env.problems.add(env.owner, `${where}: unsupported expression <${node.element}>`);
      return NULL_EVALUATOR;
  }
}
