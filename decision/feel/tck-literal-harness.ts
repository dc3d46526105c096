/**
 * Developer harness: runs the DMN TCK decisions whose logic is a literal expression (and whose requirements are only
 * such decisions or input data) through this FEEL layer and prints pass counts per folder.
 *   npx tsx decision/feel/tck-literal-harness.ts [/work/shared/dmn-tck] [folder-filter] [--verbose]
 * Not the engine's TCK runner (that is `npm run tck` on the DMN side); this only measures the FEEL layer.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import {
  FeelNumber,
  coerceTo,
  compileExpression,
  compileUnaryTests,
  feelEquals,
  formatValue,
  makeContext,
  parseTypeRef,
  type FeelType,
  type FeelValue,
} from './index';
import { parseDate, parseDateTime, parseDuration, parseTime } from './temporal';

type Xml = Record<string, unknown>;

const ARRAYS = new Set([
  'testCase', 'inputNode', 'resultNode', 'item', 'component', 'decision', 'inputData', 'itemDefinition',
  'itemComponent', 'informationRequirement', 'knowledgeRequirement', 'authorityRequirement', 'parameters',
]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => ARRAYS.has(name),
});

function arr(value: unknown): Xml[] {
  return Array.isArray(value) ? (value as Xml[]) : value === undefined ? [] : [value as Xml];
}

function text(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  const t = (node as Xml)['#text'];
  return typeof t === 'string' ? t : '';
}

/** A TCK `<value>`/`<list>`/`<component>` holder → FEEL value. */
function xmlValue(holder: Xml): FeelValue {
  if ('list' in holder) return arr((holder.list as Xml).item).map((item) => xmlValue(item));
  if ('component' in holder) return makeContext(arr(holder.component).map((c) => [String(c['@_name']), xmlValue(c)]));
  const value = holder.value;
  if (value === undefined) return null;
  if (typeof value === 'object' && value !== null) {
    const v = value as Xml;
    if (v['@_nil'] === 'true') return null;
    if ('list' in v || 'component' in v) return xmlValue(v);
    return typed(text(v), String(v['@_type'] ?? ''));
  }
  return text(value).trim();
}

function typed(raw: string, type: string): FeelValue {
  const t = raw.trim();
  switch (type.replace(/^.*:/, '')) {
    case 'decimal':
    case 'double':
    case 'int':
    case 'integer':
    case 'long':
      if (t === 'NaN' || t === 'INF' || t === '-INF') return null;
      return new FeelNumber(t);
    case 'boolean':
      return t === 'true';
    case 'date':
      return parseDate(t);
    case 'dateTime':
      return parseDateTime(t);
    case 'time':
      return parseTime(t);
    case 'duration':
      return parseDuration(t);
    default:
      return raw;
  }
}

interface Model {
  decisions: Map<string, Xml>;
  inputs: Map<string, Xml>;
  byId: Map<string, string>;
  types: (name: string) => FeelType | undefined;
}

function buildTypes(defs: Xml): (name: string) => FeelType | undefined {
  const items = new Map(arr(defs.itemDefinition).map((d) => [String(d['@_name']), d]));
  const cache = new Map<string, FeelType | undefined>();
  const resolve = (name: string): FeelType | undefined => {
    if (cache.has(name)) return cache.get(name);
    const def = items.get(name);
    if (!def) return undefined;
    cache.set(name, { kind: 'any' });
    const type = itemType(def, resolve);
    cache.set(name, type);
    return type;
  };
  return resolve;
}

function itemType(def: Xml, resolve: (name: string) => FeelType | undefined): FeelType | undefined {
  let base: FeelType | undefined;
  if (def.itemComponent) {
    base = { kind: 'context', entries: new Map(arr(def.itemComponent).map((c) => [String(c['@_name']), itemType(c, resolve) ?? { kind: 'any' }])) };
  } else if (def.functionItem) {
    base = { kind: 'function', params: [], result: { kind: 'any' } };
  } else {
    const ref = text(def.typeRef);
    base = ref ? parseTypeRef(ref, resolve) : { kind: 'any' };
  }
  if (!base) return undefined;
  const allowed = text((def.allowedValues as Xml | undefined)?.text);
  if (allowed) {
    const tests = compileUnaryTests(allowed);
    const inner = base;
    base = { kind: 'constrained', name: String(def['@_name']), base: inner, allows: (v) => tests.test(v, new Map()) };
  }
  return def['@_isCollection'] === 'true' ? { kind: 'list', item: base } : base;
}

function loadModel(file: string): Model {
  const defs = (parser.parse(readFileSync(file, 'utf8')) as Xml).definitions as Xml;
  const decisions = new Map(arr(defs.decision).map((d) => [String(d['@_name']), d]));
  const inputs = new Map(arr(defs.inputData).map((d) => [String(d['@_name']), d]));
  const byId = new Map<string, string>();
  for (const [name, d] of [...decisions, ...inputs]) byId.set(String(d['@_id']), name);
  return { decisions, inputs, byId, types: buildTypes(defs) };
}

/** Whether a decision (and everything it requires) is literal expressions over input data. */
function literalOnly(model: Model, name: string, seen = new Set<string>()): boolean {
  if (seen.has(name)) return true;
  seen.add(name);
  const d = model.decisions.get(name);
  if (!d) return model.inputs.has(name);
  if (!d.literalExpression || d.knowledgeRequirement) return false;
  return arr(d.informationRequirement).every((req) => {
    const ref = (req.requiredDecision ?? req.requiredInput) as Xml | undefined;
    const id = String(ref?.['@_href'] ?? '').replace(/^.*#/, '');
    const target = model.byId.get(id);
    return target !== undefined && literalOnly(model, target, seen);
  });
}

function variableType(model: Model, node: Xml): FeelType | undefined {
  const ref = (node.variable as Xml | undefined)?.['@_typeRef'];
  return typeof ref === 'string' ? parseTypeRef(ref, model.types) : undefined;
}

function evaluateDecision(model: Model, name: string, inputs: Map<string, FeelValue>, memo: Map<string, FeelValue>): FeelValue {
  if (memo.has(name)) return memo.get(name) ?? null;
  const d = model.decisions.get(name);
  if (!d) {
    const input = model.inputs.get(name);
    const type = input ? variableType(model, input) : undefined;
    const raw = inputs.get(name) ?? null;
    return type ? coerceTo(raw, type) : raw;
  }
  const scope = new Map<string, FeelValue>();
  for (const req of arr(d.informationRequirement)) {
    const ref = (req.requiredDecision ?? req.requiredInput) as Xml | undefined;
    const target = model.byId.get(String(ref?.['@_href'] ?? '').replace(/^.*#/, ''));
    if (target) scope.set(target, evaluateDecision(model, target, inputs, memo));
  }
  const expression = text((d.literalExpression as Xml).text);
  let result: FeelValue;
  try {
    result = compileExpression(expression, { names: scope.keys(), types: model.types }).evaluate(scope, {
      deadline: performance.now() + 2000,
    });
  } catch {
    result = null;
  }
  const type = variableType(model, d);
  if (type) result = coerceTo(result, type);
  memo.set(name, result);
  return result;
}

/**
 * Expected numbers in the TCK are often printed with fewer digits than a 34-digit decimal result (e.g. exp(4) =
 * 54.59815003): a number passes when it rounds to the expected one at the expected one's decimal places.
 */
function sameResult(actual: FeelValue, expected: FeelValue): boolean {
  if (feelEquals(actual, expected) === true) return true;
  if (actual instanceof FeelNumber && expected instanceof FeelNumber) {
    const places = expected.decimalPlaces();
    return places >= 8 && actual.toDecimalPlaces(places).eq(expected);
  }
  if (Array.isArray(actual) && Array.isArray(expected)) {
    return actual.length === expected.length && actual.every((a: FeelValue, i: number) => sameResult(a, expected[i] ?? null));
  }
  return false;
}

function main(): void {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  const [root = '/work/shared/dmn-tck', filter = ''] = args.filter((a) => !a.startsWith('--'));
  let passed = 0;
  let total = 0;
  for (const level of ['compliance-level-2', 'compliance-level-3']) {
    const dir = join(root, 'TestCases', level);
    if (!existsSync(dir)) continue;
    for (const folder of readdirSync(dir).sort()) {
      if (!folder.includes(filter)) continue;
      const files = readdirSync(join(dir, folder));
      let folderPassed = 0;
      let folderTotal = 0;
      for (const dmn of files.filter((f) => f.endsWith('.dmn'))) {
        let model: Model;
        try {
          model = loadModel(join(dir, folder, dmn));
        } catch {
          continue;
        }
        for (const testFile of files.filter((f) => f.endsWith('.xml'))) {
          const cases = (parser.parse(readFileSync(join(dir, folder, testFile), 'utf8')) as Xml).testCases as Xml;
          if (text(cases.modelName) !== dmn) continue;
          for (const tc of arr(cases.testCase)) {
            const inputs = new Map(arr(tc.inputNode).map((n) => [String(n['@_name']), xmlValue(n)]));
            const memo = new Map<string, FeelValue>();
            for (const rn of arr(tc.resultNode)) {
              const name = String(rn['@_name']);
              if (!model.decisions.has(name) || !literalOnly(model, name)) continue;
              const expected = xmlValue((rn.expected ?? {}) as Xml);
              const actual = evaluateDecision(model, name, inputs, memo);
              folderTotal++;
              if (sameResult(actual, expected)) folderPassed++;
              else if (verbose) {
                const d = model.decisions.get(name) as Xml;
                console.log(`FAIL ${folder} ${String(tc['@_id'])} ${name}: ${text((d.literalExpression as Xml).text).trim()}\n   expected ${formatValue(expected)} got ${formatValue(actual)}`);
              }
            }
          }
        }
      }
      if (folderTotal > 0) console.log(`${level}/${folder}: ${folderPassed}/${folderTotal}`);
      passed += folderPassed;
      total += folderTotal;
    }
  }
  console.log(`TOTAL ${passed}/${total}`);
}

main();
