/**
 * Regular expressions from tenant model schemas (`pattern`, `patternProperties`) run on RE2 (the `re2js` port),
 * whose matching time is linear in the input. JavaScript's own engine backtracks: `^(a+)+$` against 40 a's and
 * a "!" takes hours, and it would take them on the API's event loop, stalling every tenant's requests.
 *
 * RE2 has no backreferences or lookarounds, so a pattern using them cannot be honoured; uploads refuse such
 * patterns (see `findUnsupportedPatterns`) rather than silently matching differently.
 */
import { RE2JS } from 're2js';
import type { RegExpEngine } from 'ajv/dist/types';

/** What ajv needs from a compiled pattern: `test`, and a `toString` it keys its cache of patterns on. */
interface LinearPattern {
  test(text: string): boolean;
  toString(): string;
}

/** Compiles a JSON Schema pattern (ECMA-262 syntax) for RE2; throws `RE2JSSyntaxException` when RE2 cannot run it. */
export function compileLinearPattern(pattern: string): LinearPattern {
  // translateRegExp maps JavaScript-only spellings (`(?<name>…)`, `\u{…}`, `/`) to RE2's. RE2 matches
  // Unicode code points by default, which is what ajv's `u` flag asks for, so the flags need no translation.
  const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
  return {
    // A JSON Schema pattern is not anchored: it matches when found anywhere in the string.
    test: (text) => compiled.matcher(text).find(),
    // ajv deduplicates patterns by this string; two different patterns must never share it.
    toString: () => `re2:/${pattern}/`,
  };
}

/** ajv's `code.regExp` option. `code` is what standalone (generated-source) validators would import. */
export const linearRegExp: RegExpEngine = Object.assign((pattern: string) => compileLinearPattern(pattern), {
  code: 'require("re2js").RE2JS',
});

export interface PatternProblem {
  /** JSON Pointer to the offending keyword, under the pointer the schema was found at. */
  path: string;
  message: string;
}

const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_KEYWORDS = [
  'items',
  'additionalItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'additionalProperties',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
];

function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function checkPattern(pattern: string, path: string, problems: PatternProblem[]): void {
  try {
    compileLinearPattern(pattern);
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    problems.push({
      path,
      message: `is not a supported regular expression (${reason}); patterns run on a linear-time engine without backreferences or lookarounds`,
    });
  }
}

/**
 * Every `pattern` and `patternProperties` key in a JSON Schema that RE2 cannot compile, with its JSON Pointer, so
 * an upload names the exact keyword instead of ajv's first compile error.
 */
export function findUnsupportedPatterns(schema: unknown, pointer: string): PatternProblem[] {
  const problems: PatternProblem[] = [];
  const visit = (node: unknown, path: string): void => {
    if (!isObject(node)) return;
    if (typeof node.pattern === 'string') checkPattern(node.pattern, `${path}/pattern`, problems);
    if (isObject(node.patternProperties)) {
      for (const key of Object.keys(node.patternProperties)) {
        checkPattern(key, `${path}/patternProperties/${escapePointerToken(key)}`, problems);
      }
    }
    for (const keyword of SCHEMA_MAP_KEYWORDS) {
      const map = node[keyword];
      if (!isObject(map)) continue;
      for (const [key, child] of Object.entries(map)) visit(child, `${path}/${keyword}/${escapePointerToken(key)}`);
    }
    for (const keyword of SCHEMA_LIST_KEYWORDS) {
      const list = node[keyword];
      if (Array.isArray(list)) list.forEach((child, index) => visit(child, `${path}/${keyword}/${index}`));
    }
    for (const keyword of SCHEMA_KEYWORDS) {
      const child = node[keyword];
      if (Array.isArray(child)) child.forEach((item, index) => visit(item, `${path}/${keyword}/${index}`));
      else visit(child, `${path}/${keyword}`);
    }
  };
  visit(schema, pointer);
  return problems;
}
