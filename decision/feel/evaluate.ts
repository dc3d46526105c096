/**
 * Compiles a lezer-feel syntax tree (from feelin's parser) into closures over decimal FEEL values.
 * Each node compiles once; evaluation only runs closures.
 */
import type { SyntaxNode } from './syntax';
import { FeelNumber, type FeelCompileOptions, type FeelType, type FeelValue } from './types';
import { add, decimalFromText, divide, multiply, negate, power, subtract } from './arithmetic';
import { builtins } from './builtins';
import { invokeFunction, makeFunction } from './functions';
import { FeelSyntaxError, checkDeadline } from './runtime';
import { Scope, normalizeName } from './scope';
import { parseAtLiteral } from './builtins/conversion';
import { conformsTo, parseTypeRef } from './types-conformance';
import {
  feelCompare,
  feelEquals,
  isContext,
  isFunction,
  isList,
  isNumber,
  makeContext,
  makeEqualityRange,
  makeRange,
  makeRangeWithNullEndpoints,
} from './values';
import { iterationValues } from './iteration';
import { externalFunctionValue } from './java-functions';
import { pathOf } from './paths';
import { parseStringLiteral } from './strings';

export type Evaluator = (scope: Scope) => FeelValue;

export interface CompileState {
  readonly text: string;
  readonly options: FeelCompileOptions;
  /**
   * `value in <tests>`: compiled by unary-tests.ts (which compiles its endpoints with `compileNode`), handed in by
   * compile.ts so this module does not import it back.
   */
  readonly compileIn: (left: Evaluator, rest: readonly SyntaxNode[], state: CompileState) => Evaluator;
}

const SKIPPED = new Set(['BlockComment', 'LineComment']);

export function childrenOf(node: SyntaxNode): SyntaxNode[] {
  const result: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (!SKIPPED.has(child.name)) result.push(child);
  }
  return result;
}

export function textOf(node: SyntaxNode, state: CompileState): string {
  return state.text.slice(node.from, node.to);
}

function child(node: SyntaxNode, index: number): SyntaxNode {
  const found = childrenOf(node)[index];
  if (!found) throw new FeelSyntaxError(`incomplete ${node.name} at ${node.from}`, node.from);
  return found;
}

const constant =
  (value: FeelValue): Evaluator =>
  () =>
    value;

export function compileNode(node: SyntaxNode, state: CompileState): Evaluator {
  switch (node.name) {
    case 'Expression':
    case 'ParenthesizedExpression':
    case 'FunctionBody':
      return compileNode(childrenOf(node).find((c) => c.name !== '(' && c.name !== ')') ?? node, state);
    case 'NumericLiteral':
      return constant(decimalFromText(textOf(node, state).replace(/\s+/g, '')));
    case 'StringLiteral':
      return constant(parseStringLiteral(textOf(node, state)));
    case 'BooleanLiteral':
      return constant(textOf(node, state) === 'true');
    case 'null':
      return constant(null);
    case 'SpecialFunctionName':
    case 'DateTimeConstructor':
    case 'VariableName':
    case '?':
      return compileVariable(node.name === '?' ? '?' : normalizeName(textOf(node, state)));
    case 'ArithmeticExpression':
      return compileArithmetic(node, state);
    case 'Comparison':
      return compileComparison(node, state);
    case 'Disjunction':
    case 'Conjunction':
      return compileLogic(node, state);
    case 'IfExpression':
      return compileIf(node, state);
    case 'ForExpression':
      return compileFor(node, state);
    case 'QuantifiedExpression':
      return compileQuantified(node, state);
    case 'FunctionDefinition':
      return compileFunctionDefinition(node, state);
    case 'FunctionInvocation':
    case 'DateTimeLiteral':
      return compileInvocation(node, state);
    case 'AtLiteral':
      return constant(parseAtLiteral(parseStringLiteral(textOf(child(node, 0), state))));
    case 'PathExpression':
      return compilePath(node, state);
    case 'FilterExpression':
      return compileFilter(node, state);
    case 'List': {
      const items = childrenOf(node)
        .filter((c) => c.name !== '[' && c.name !== ']')
        .map((c) => compileNode(c, state));
      return (scope) => items.map((item) => item(scope));
    }
    case 'Context':
      return compileContext(node, state);
    case 'InstanceOfExpression':
      return compileInstanceOf(node, state);
    case 'SimplePositiveUnaryTest':
      return compileRangeLiteral(node, state);
    case 'Interval':
      return compileInterval(node, state);
    default:
      throw new FeelSyntaxError(`unexpected ${JSON.stringify(textOf(node, state))} at ${node.from}`, node.from);
  }
}

function compileVariable(name: string): Evaluator {
  const builtin = builtins.get(name);
  return (scope) => {
    const value = scope.lookup(name);
    if (value !== undefined) return value;
    return builtin ?? null;
  };
}

const ARITHMETIC: Readonly<Record<string, (a: FeelValue, b: FeelValue) => FeelValue>> = {
  '+': add,
  '-': subtract,
  '*': multiply,
  '/': divide,
  '**': power,
};

function compileArithmetic(node: SyntaxNode, state: CompileState): Evaluator {
  const parts = childrenOf(node);
  if (parts.length === 2) {
    const operand = compileNode(child(node, 1), state);
    return (scope) => negate(operand(scope));
  }
  const left = compileNode(child(node, 0), state);
  const right = compileNode(child(node, 2), state);
  const op = ARITHMETIC[textOf(child(node, 1), state)];
  if (!op) throw new FeelSyntaxError(`unknown operator at ${node.from}`, node.from);
  return (scope) => op(left(scope), right(scope));
}

const COMPARE: Readonly<Record<string, (a: FeelValue, b: FeelValue) => FeelValue>> = {
  '=': (a, b) => feelEquals(a, b),
  '!=': (a, b) => {
    const eq = feelEquals(a, b);
    return eq === null ? null : !eq;
  },
  '<': (a, b) => nullableCompare(a, b, (c) => c < 0),
  '<=': (a, b) => nullableCompare(a, b, (c) => c <= 0),
  '>': (a, b) => nullableCompare(a, b, (c) => c > 0),
  '>=': (a, b) => nullableCompare(a, b, (c) => c >= 0),
};

function nullableCompare(a: FeelValue, b: FeelValue, accept: (c: number) => boolean): boolean | null {
  const c = feelCompare(a, b);
  return c === null ? null : accept(c);
}

function compileComparison(node: SyntaxNode, state: CompileState): Evaluator {
  const parts = childrenOf(node);
  const left = compileNode(child(node, 0), state);
  const operator = parts[1]?.name;
  if (operator === 'in') return state.compileIn(left, parts.slice(2), state);
  if (operator === 'between') {
    const low = compileNode(child(node, 2), state);
    const high = compileNode(child(node, 4), state);
    return (scope) => {
      const value = left(scope);
      const ge = nullableCompare(value, low(scope), (c) => c >= 0);
      const le = nullableCompare(value, high(scope), (c) => c <= 0);
      if (ge === false || le === false) return false;
      return ge === null || le === null ? null : true;
    };
  }
  const right = compileNode(child(node, 2), state);
  const op = COMPARE[textOf(child(node, 1), state)];
  if (!op) throw new FeelSyntaxError(`unknown comparison at ${node.from}`, node.from);
  return (scope) => op(left(scope), right(scope));
}

function compileLogic(node: SyntaxNode, state: CompileState): Evaluator {
  const left = compileNode(child(node, 0), state);
  const right = compileNode(child(node, 2), state);
  const asBool = (v: FeelValue): boolean | null => (typeof v === 'boolean' ? v : null);
  if (node.name === 'Conjunction') {
    return (scope) => {
      const a = asBool(left(scope));
      if (a === false) return false;
      const b = asBool(right(scope));
      if (b === false) return false;
      return a === true && b === true ? true : null;
    };
  }
  return (scope) => {
    const a = asBool(left(scope));
    if (a === true) return true;
    const b = asBool(right(scope));
    if (b === true) return true;
    return a === false && b === false ? false : null;
  };
}

function compileIf(node: SyntaxNode, state: CompileState): Evaluator {
  const [condition, then, otherwise] = [1, 3, 5].map((i) => compileNode(child(node, i), state)) as [
    Evaluator,
    Evaluator,
    Evaluator,
  ];
  return (scope) => (condition(scope) === true ? then(scope) : otherwise(scope));
}

interface IterationBinding {
  readonly name: string;
  readonly values: (scope: Scope) => Iterable<FeelValue> | null;
}

function compileInExpressions(node: SyntaxNode, state: CompileState): IterationBinding[] {
  return childrenOf(node).map((inExpression) => {
    const name = normalizeName(textOf(child(inExpression, 0), state));
    const context = child(inExpression, 2);
    const parts = childrenOf(context);
    if (parts.length === 3) {
      const from = compileNode(child(context, 0), state);
      const to = compileNode(child(context, 2), state);
      return { name, values: (scope: Scope) => iterationValues(makeRange(from(scope), to(scope), true, true), true) };
    }
    const source = compileNode(child(context, 0), state);
    return { name, values: (scope: Scope) => iterationValues(source(scope), false) };
  });
}

/** Iterations one `for` / `some` / `every` may run: bounds memory even when the caller set no deadline. */
export const MAX_ITERATIONS = 1_000_000;

/**
 * Calls `visit` for each combination of the iteration variables (the cartesian product, left to right); false when
 * stopped early (by `visit`, a null iteration source or the iteration cap).
 */
function iterate(
  bindings: readonly IterationBinding[],
  scope: Scope,
  visit: (scope: Scope) => boolean | void,
): boolean {
  let visits = 0;
  const step = (index: number, current: Scope): boolean => {
    const binding = bindings[index];
    if (!binding) return ++visits <= MAX_ITERATIONS && visit(current) !== false;
    const values = binding.values(current);
    if (values === null) return false;
    for (const value of values) {
      checkDeadline();
      if (!step(index + 1, current.withOne(binding.name, value))) return false;
    }
    return true;
  };
  return step(0, scope);
}

function compileFor(node: SyntaxNode, state: CompileState): Evaluator {
  const parts = childrenOf(node);
  const bindings = compileInExpressions(child(node, 1), state);
  const bodyNode = parts[parts.length - 1] ?? node;
  const body = compileNode(bodyNode, state);
  // `partial` (the results so far) is copied per iteration only when the body can refer to it
  const usesPartial = /\bpartial\b/.test(textOf(bodyNode, state));
  return (scope) => {
    const results: FeelValue[] = [];
    const ok = iterate(bindings, scope, (inner) => {
      results.push(body(usesPartial ? inner.withOne('partial', results.slice()) : inner));
    });
    return ok ? results : null;
  };
}

function compileQuantified(node: SyntaxNode, state: CompileState): Evaluator {
  const every = childrenOf(node)[0]?.name === 'every';
  const bindings = compileInExpressions(child(node, 1), state);
  const condition = compileNode(child(node, 3), state);
  return (scope) => {
    let found = false;
    const ok = iterate(bindings, scope, (inner) => {
      const result = condition(inner) === true;
      if (result !== every) {
        found = true;
        return false;
      }
      return true;
    });
    if (!ok && !found) return null;
    return every ? !found : found;
  };
}

function compileFunctionDefinition(node: SyntaxNode, state: CompileState): Evaluator {
  const parts = childrenOf(node);
  const formal = parts.find((p) => p.name === 'FormalParameters');
  const params = (formal ? childrenOf(formal) : []).map((p) => {
    const typeNode = childrenOf(p)[1];
    const type = typeNode ? resolveType(textOf(typeNode, state), state) : undefined;
    return { name: normalizeName(textOf(child(p, 0), state)), ...(type ? { type } : {}) };
  });
  const body = compileNode(parts[parts.length - 1] ?? node, state);
  // `external {java: {class, method signature}}`: only allowlisted java.lang methods (java-functions.ts), else null
  if (parts.some((p) => p.name === 'external')) return (scope) => externalFunctionValue(body(scope), params);
  // makeFunction converts the arguments to the declared parameter types
  return (scope) =>
    makeFunction(undefined, params, (args) =>
      body(scope.with(new Map(params.map((param, i) => [param.name, args[i] ?? null])))),
    );
}

function compileInvocation(node: SyntaxNode, state: CompileState): Evaluator {
  const parts = childrenOf(node);
  if (parts[0]?.name === 'AtLiteral') return compileNode(parts[0], state);
  const targetNode = child(node, 0);
  const target =
    targetNode.name === 'DateTimeConstructor'
      ? compileVariable(normalizeName(textOf(targetNode, state)))
      : compileNode(targetNode, state);
  const argsNode = parts.find((p) => p.name === 'PositionalParameters' || p.name === 'NamedParameters');
  if (argsNode?.name === 'NamedParameters') {
    const named = childrenOf(argsNode).map(
      (p) => [normalizeName(textOf(child(p, 0), state)), compileNode(child(p, 1), state)] as const,
    );
    return (scope) => {
      const fn = target(scope);
      if (!isFunction(fn)) return null;
      return invokeFunction(fn, new Map(named.map(([name, value]) => [name, value(scope)])));
    };
  }
  const positional = argsNode ? childrenOf(argsNode).map((p) => compileNode(p, state)) : [];
  return (scope) => {
    const fn = target(scope);
    if (!isFunction(fn)) return null;
    return invokeFunction(
      fn,
      positional.map((arg) => arg(scope)),
    );
  };
}

function compilePath(node: SyntaxNode, state: CompileState): Evaluator {
  const target = compileNode(child(node, 0), state);
  const name = normalizeName(textOf(child(node, 2), state)).replace(/^`|`$/g, '');
  return (scope) => {
    const value = target(scope);
    if (isList(value)) return value.map((item) => pathOf(item, name));
    return pathOf(value, name);
  };
}

function compileFilter(node: SyntaxNode, state: CompileState): Evaluator {
  const target = compileNode(child(node, 0), state);
  const filter = compileNode(child(node, 2), state);
  return (scope) => {
    const value = target(scope);
    if (value === null) return null;
    const list = isList(value) ? value : [value];
    if (list.length === 0) {
      const probe = filter(scope.withOne('item', null));
      return isNumber(probe) ? null : [];
    }
    const result: FeelValue[] = [];
    for (const [i, item] of list.entries()) {
      checkDeadline();
      const itemScope = isContext(item)
        ? scope.with(new Map([['item', item], ...item.entries]))
        : scope.withOne('item', item);
      const test = filter(itemScope);
      if (i === 0 && isNumber(test)) return indexInto(list, test);
      if (test === true) result.push(item);
    }
    return result;
  };
}

function indexInto(list: readonly FeelValue[], index: FeelNumber): FeelValue {
  if (!index.isInteger()) return null;
  const i = index.toNumber();
  const item = i > 0 ? list[i - 1] : i < 0 ? list[list.length + i] : undefined;
  return item === undefined ? null : item;
}

function compileContext(node: SyntaxNode, state: CompileState): Evaluator {
  const entries = childrenOf(node)
    .filter((c) => c.name === 'ContextEntry')
    .map((entry) => {
      const keyNode = child(child(entry, 0), 0);
      const key =
        keyNode.name === 'StringLiteral'
          ? parseStringLiteral(textOf(keyNode, state))
          : normalizeName(textOf(keyNode, state));
      return [key, compileNode(child(entry, 1), state)] as const;
    });
  return (scope) => {
    const values = new Map<string, FeelValue>();
    const inner = scope.with(values);
    for (const [key, value] of entries) {
      if (values.has(key)) return null;
      values.set(key, value(inner));
    }
    return makeContext(values);
  };
}

/** `instance of` checks a value's type, not an item definition's allowed values (DMN 1.5 TCK 0070). */
function withoutConstraints(type: FeelType): FeelType {
  switch (type.kind) {
    case 'constrained':
      // built-in kinds spelled as constraints (bare `range`) keep theirs
      return type.name.startsWith('feel:') ? type : withoutConstraints(type.base);
    case 'list':
      return { kind: 'list', item: withoutConstraints(type.item) };
    case 'context':
      return { kind: 'context', entries: new Map([...type.entries].map(([k, t]) => [k, withoutConstraints(t)])) };
    default:
      return type;
  }
}

function resolveType(text: string, state: CompileState): FeelType | undefined {
  return parseTypeRef(text, (name) => state.options.types?.(name));
}

function compileInstanceOf(node: SyntaxNode, state: CompileState): Evaluator {
  const value = compileNode(child(node, 0), state);
  const resolved = resolveType(textOf(child(node, 3), state), state);
  const type = resolved && withoutConstraints(resolved);
  // an unknown type name: nothing is an instance of it
  if (!type) return constant(false);
  return (scope) => conformsTo(value(scope), type);
}

/** `> 5` used as an expression is a range (DMN 1.5 §10.3.2.7), `= 5` the range [5..5]; `!= 5` is not one. */
function compileRangeLiteral(node: SyntaxNode, state: CompileState): Evaluator {
  const parts = childrenOf(node);
  if (parts.length === 1) return compileNode(child(node, 0), state);
  const op = textOf(child(node, 0), state);
  const endpoint = compileNode(child(node, 1), state);
  switch (op) {
    case '<':
      return (scope) => makeRange(null, endpoint(scope), false, false);
    case '<=':
      return (scope) => makeRange(null, endpoint(scope), false, true);
    case '>':
      return (scope) => makeRange(endpoint(scope), null, false, false);
    case '>=':
      return (scope) => makeRange(endpoint(scope), null, true, false);
    case '=':
      return (scope) => makeEqualityRange(endpoint(scope));
    default:
      return constant(null);
  }
}

function compileInterval(node: SyntaxNode, state: CompileState): Evaluator {
  const parts = childrenOf(node);
  const startIncluded = textOf(child(node, 0), state) === '[';
  const endIncluded = textOf(parts[parts.length - 1] ?? node, state) === ']';
  const start = compileNode(child(node, 1), state);
  const end = compileNode(child(node, 3), state);
  return (scope) => {
    const s = start(scope);
    const e = end(scope);
    if (s !== null && e !== null && feelCompare(s, e) === null) return null;
    return makeRangeWithNullEndpoints(s, e, startIncluded, endIncluded);
  };
}
