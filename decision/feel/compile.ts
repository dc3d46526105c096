/**
 * Parsing (feelin's lezer-feel grammar) and compilation of expressions and unary tests.
 */
import type { SyntaxNode, Tree } from './syntax';
import { parseExpression, parseUnaryTests } from 'feelin';
import type { CompiledExpression, CompiledUnaryTests, FeelCompileOptions, FeelScope, FeelValue } from './types';
import { childrenOf, compileNode, type CompileState } from './evaluate';
import { FeelSyntaxError, FeelTimeoutError, withDeadline } from './runtime';
import { rootScope } from './scope';
import { compileIn, compileUnaryTestsNode } from './unary-tests';
import { setRangeParser } from './builtins/range';
import { feelCompare, isRange } from './values';

/**
 * Tells the parser which multi-word names exist, so `Monthly Salary * 12` reads as one name times 12. Each name maps
 * to a context of all the names (one level deep, shared), so a name also reads after a dot (`Applicant.Is-Eligible`
 * when `Is-Eligible` is among the names): the engine may pass nested entry names flat.
 */
function parseContext(options: FeelCompileOptions): Record<string, unknown> {
  const names = [...(options.names ?? [])];
  // only names the parser could not read unaided go one level down: parse time grows with names × nested names
  const special = names.filter((name) => !PLAIN_NAME.test(name) || name.split(' ').some((word) => KEYWORDS.has(word)));
  const nested: Record<string, unknown> | null = special.length
    ? (Object.create(null) as Record<string, unknown>)
    : null;
  for (const name of special) if (nested) nested[name] = null;
  const context: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const name of names) context[name] = nested;
  return context;
}

/** Words of letters, digits and underscores separated by spaces: readable after a dot without help. */
const PLAIN_NAME = /^[\p{L}_][\p{L}\p{N}_]*(?: [\p{L}\p{N}_]+)*$/u;
const KEYWORDS = new Set([
  'and',
  'or',
  'not',
  'in',
  'between',
  'instance',
  'of',
  'if',
  'then',
  'else',
  'for',
  'return',
  'some',
  'every',
  'satisfies',
  'function',
  'external',
  'true',
  'false',
  'null',
]);

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

/**
 * FEEL runtime errors are nulls: anything thrown during evaluation (a stack overflow from pathological recursion, an
 * unexpected error in a built-in) becomes the fallback; only the deadline escapes.
 */
function safely<T>(deadline: number | undefined, fallback: T, body: () => T): T {
  try {
    return withDeadline(deadline, body);
  } catch (error) {
    if (error instanceof FeelTimeoutError) throw error;
    return fallback;
  }
}

/**
 * lezer-feel has no `range<T>` type: it is spelled as an identifier of the same length for the parser, and the type's
 * text is read back from the original at the same position (offered upstream, see README).
 */
function maskRangeTypes(text: string): string {
  return text.replace(
    /(\binstance\s+of\s+)(range\s*<[^<>]*(?:<[^<>]*>[^<>]*)*>)/g,
    (_all, prefix: string, type: string) => {
      return prefix + 'r'.padEnd(type.length, '_');
    },
  );
}

function parse(text: string, options: FeelCompileOptions): Tree {
  const tree = tooDeep(() => parseExpression(maskRangeTypes(text), parseContext(options), undefined));
  assertNoErrors(tree, text);
  return tree;
}

/** Pathological nesting (`[[[[…`) overflows the parser's or compiler's stack: a syntax error, not a crash. */
function tooDeep<T>(body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof RangeError) throw new FeelSyntaxError('FEEL expression nested too deeply', 0);
    throw error;
  }
}

export function compileExpression(text: string, options: FeelCompileOptions = {}): CompiledExpression {
  const tree = parse(text, options);
  const state: CompileState = { text, options, compileIn };
  const evaluator = tooDeep(() => compileNode(tree.topNode, state));
  return {
    text,
    evaluate: (scope: FeelScope, evaluation = {}) =>
      safely<FeelValue>(evaluation.deadline, null, () => evaluator(rootScope(scope))),
  };
}

/** The syntax tree of unary tests (for tools that read a test's structure, e.g. decision-table verification). */
export function parseUnaryTestsSyntax(text: string, options: FeelCompileOptions = {}): Tree {
  const tree = tooDeep(() => parseUnaryTests(maskRangeTypes(text), parseContext(options), undefined));
  assertNoErrors(tree, text);
  return tree;
}

export function compileUnaryTests(text: string, options: FeelCompileOptions = {}): CompiledUnaryTests {
  const tree = tooDeep(() => parseUnaryTests(maskRangeTypes(text), parseContext(options), undefined));
  assertNoErrors(tree, text);
  const state: CompileState = { text, options, compileIn };
  const test = tooDeep(() => compileUnaryTestsNode(tree.topNode, state));
  return {
    text,
    test: (input: FeelValue, scope: FeelScope, evaluation = {}) =>
      safely(evaluation.deadline, false, () => test(rootScope(scope), input) === true),
  };
}

const LITERAL_ENDPOINTS = new Set(['NumericLiteral', 'StringLiteral', 'BooleanLiteral', 'null', 'AtLiteral']);

/** `range("...")` accepts an interval whose end points are literals or temporal constructors of a string literal. */
function isLiteralEndpoint(node: SyntaxNode, text: string): boolean {
  if (LITERAL_ENDPOINTS.has(node.name)) return true;
  if (node.name === 'ArithmeticExpression')
    return text.slice(node.from, node.to).trim().startsWith('-') && node.lastChild?.name === 'NumericLiteral';
  if (node.name !== 'DateTimeLiteral') return false;
  const args = childrenOf(node).filter((c) => c.name === 'PositionalParameters' || c.name === 'AtLiteral');
  const first = args[0];
  if (first?.name === 'AtLiteral') return true;
  const params = first ? childrenOf(first) : [];
  return params.length === 1 && params[0]?.name === 'StringLiteral';
}

setRangeParser((text) => {
  let tree: Tree;
  try {
    tree = parse(text, {});
  } catch (error) {
    if (error instanceof FeelSyntaxError) return null;
    throw error;
  }
  const test = tree.topNode.firstChild;
  const interval = test?.name === 'SimplePositiveUnaryTest' ? test.firstChild : null;
  if (interval?.name !== 'Interval') return null;
  const ends = childrenOf(interval).filter((c) => !['[', ']', '(', ')', '..'].includes(c.name));
  if (!ends.every((end) => isLiteralEndpoint(end, text))) return null;
  const range = compileNode(tree.topNode, { text, options: {}, compileIn })(rootScope(new Map()));
  if (!isRange(range) || (range.start === null && range.end === null)) return null;
  if (range.start !== null && range.end !== null && (feelCompare(range.start, range.end) ?? 1) > 0) return null;
  return range;
});
