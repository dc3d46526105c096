/**
 * Unary tests (DMN 1.5 §10.3.2.14 grammar rules 7–17): decision table input entries and the right side of `in`.
 * A test that is an expression matches when it evaluates to true with `?` bound to the input (if it uses `?`; without
 * `?`, true matches any non-boolean input), or to a value equal to the input, a list containing it or a range including
 * it (the DMN 1.2+ rule).
 */
import type { SyntaxNode } from './syntax';
import type { FeelValue } from './types';
import { childrenOf, compileNode, textOf, type CompileState, type Evaluator } from './evaluate';
import { FeelSyntaxError } from './runtime';
import type { Scope } from './scope';
import { feelCompare, feelEquals, isList, isRange, rangeIncludes } from './values';

export type Test = (scope: Scope, input: FeelValue) => boolean | null;

function usesQuestionMark(node: SyntaxNode): boolean {
  if (node.name === '?') return true;
  for (let c = node.firstChild; c; c = c.nextSibling) if (usesQuestionMark(c)) return true;
  return false;
}

function compareTest(op: string, endpoint: Evaluator): Test {
  return (scope, input) => {
    const expected = endpoint(scope);
    if (op === '=' || op === '!=') {
      const eq = feelEquals(input, expected);
      return eq === null ? null : op === '=' ? eq : !eq;
    }
    const c = feelCompare(input, expected);
    if (c === null) return null;
    return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
  };
}

/** Whether `input` matches the value a test expression produced. */
export function matchesValue(value: FeelValue, input: FeelValue): boolean | null {
  if (isRange(value)) return rangeIncludes(value, input);
  if (isList(value)) {
    if (value.some((item) => (isRange(item) ? rangeIncludes(item, input) : feelEquals(item, input)) === true))
      return true;
    return feelEquals(value, input) === true;
  }
  return feelEquals(value, input);
}

function compilePositiveTest(node: SyntaxNode, state: CompileState): Test {
  let inner = node.name === 'PositiveUnaryTest' ? childrenOf(node)[0] : node;
  // `x in (=10)` parses as a parenthesized `=10`
  const wrapped = inner?.name === 'ParenthesizedExpression' ? childrenOf(inner)[1] : undefined;
  if (wrapped?.name === 'SimplePositiveUnaryTest') inner = wrapped;
  if (!inner) throw new FeelSyntaxError(`empty test at ${node.from}`, node.from);
  if (inner.name === 'SimplePositiveUnaryTest') {
    const parts = childrenOf(inner);
    if (parts.length === 2 && parts[0] && parts[1])
      return compareTest(textOf(parts[0], state), compileNode(parts[1], state));
  }
  const expression = compileNode(inner, state);
  const questionMark = usesQuestionMark(inner);
  return (scope, input) => {
    const value = expression(questionMark ? scope.withOne('?', input) : scope);
    if (questionMark && typeof value === 'boolean') return value;
    // `Age > 18` as a test of a non-boolean input: a true result satisfies it (DMN 1.5 §10.3.2.14); for a boolean
    // input the result is compared, so the entry `false` matches the input false
    if (value === true && typeof input !== 'boolean') return true;
    return matchesValue(value, input);
  };
}

/** Any test true → true; all false → false; otherwise null. */
function anyOf(tests: readonly Test[]): Test {
  return (scope, input) => {
    let sawNull = false;
    for (const test of tests) {
      const result = test(scope, input);
      if (result === true) return true;
      if (result === null) sawNull = true;
    }
    return sawNull ? null : false;
  };
}

function compilePositiveTests(nodes: readonly SyntaxNode[], state: CompileState): Test {
  const tests = nodes
    .flatMap((n) => (n.name === 'PositiveUnaryTests' ? childrenOf(n) : [n]))
    .map((n) => compilePositiveTest(n, state));
  return anyOf(tests);
}

/** `value in <test>` / `value in (<tests>)`. */
export function compileIn(left: Evaluator, rest: readonly SyntaxNode[], state: CompileState): Evaluator {
  const test = compilePositiveTests(
    rest.filter((n) => n.name !== '(' && n.name !== ')'),
    state,
  );
  return (scope) => test(scope, left(scope));
}

/** The top `UnaryTests` node of a unary-tests parse. */
export function compileUnaryTestsNode(node: SyntaxNode, state: CompileState): Test {
  const parts = childrenOf(node);
  if (parts.length === 1 && parts[0]?.name === 'Wildcard') return () => true;
  if (parts[0]?.name === 'not') {
    const positive = compilePositiveTests(
      parts.filter((n) => n.name === 'PositiveUnaryTests'),
      state,
    );
    return (scope, input) => {
      const result = positive(scope, input);
      return result === null ? null : !result;
    };
  }
  return compilePositiveTests(parts, state);
}
