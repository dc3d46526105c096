/**
 * Parsing (feelin's lezer-feel grammar) and compilation of expressions and unary tests.
 */
import type { Tree } from './syntax';
import { parseExpression, parseUnaryTests } from 'feelin';
import type { CompiledExpression, CompiledUnaryTests, FeelCompileOptions, FeelScope, FeelValue } from './types';
import { compileNode, type CompileState } from './evaluate';
import { FeelSyntaxError, FeelTimeoutError, withDeadline } from './runtime';
import { rootScope } from './scope';
import { compileUnaryTestsNode } from './unary-tests';
import { setRangeParser } from './builtins/range';

/** Tells the parser which multi-word names exist, so `Monthly Salary * 12` reads as one name times 12. */
function parseContext(options: FeelCompileOptions): Record<string, unknown> {
  const context: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const name of options.names ?? []) context[name] = null;
  return context;
}

function describe(text: string, position: number): string {
  const line = text.slice(0, position).split('\n').length;
  const near = text.slice(Math.max(0, position - 10), position + 10);
  return `at position ${position} (line ${line}, near ${JSON.stringify(near)})`;
}

function assertNoErrors(tree: Tree, text: string): void {
  let errorAt: number | undefined;
  tree.iterate({
    enter(node) {
      if (errorAt !== undefined) return false;
      if (node.type.isError) {
        errorAt = node.from;
        return false;
      }
      return undefined;
    },
  });
  if (errorAt !== undefined) throw new FeelSyntaxError(`FEEL syntax error ${describe(text, errorAt)}`, errorAt);
  if (text.trim() === '') throw new FeelSyntaxError('empty FEEL expression', 0);
}

/** Stack overflows from pathological nesting become null rather than a crash. */
function safely<T>(deadline: number | undefined, fallback: T, body: () => T): T {
  try {
    return withDeadline(deadline, body);
  } catch (error) {
    if (error instanceof FeelTimeoutError) throw error;
    if (error instanceof RangeError) return fallback;
    throw error;
  }
}

export function compileExpression(text: string, options: FeelCompileOptions = {}): CompiledExpression {
  const tree = parseExpression(text, parseContext(options), undefined);
  assertNoErrors(tree, text);
  const state: CompileState = { text, options };
  const evaluator = compileNode(tree.topNode, state);
  return {
    text,
    evaluate: (scope: FeelScope, evaluation = {}) =>
      safely<FeelValue>(evaluation.deadline, null, () => evaluator(rootScope(scope))),
  };
}

export function compileUnaryTests(text: string, options: FeelCompileOptions = {}): CompiledUnaryTests {
  const tree = parseUnaryTests(text, parseContext(options), undefined);
  assertNoErrors(tree, text);
  const state: CompileState = { text, options };
  const test = compileUnaryTestsNode(tree.topNode, state);
  return {
    text,
    test: (input: FeelValue, scope: FeelScope, evaluation = {}) =>
      safely(evaluation.deadline, false, () => test(rootScope(scope), input) === true),
  };
}

setRangeParser((text) => {
  try {
    return compileExpression(text).evaluate(new Map());
  } catch (error) {
    if (error instanceof FeelSyntaxError) return null;
    throw error;
  }
});

