/**
 * Developer harness: runs the DMN TCK decisions through this FEEL layer and prints pass counts per folder. By default
 * only decisions whose logic is a literal expression (and whose requirements are only such decisions or input data);
 * with --boxed also contexts, decision tables, BKMs and the other boxed expressions (see tck-boxed.ts).
 *   npx tsx decision/feel/tck-literal-harness.ts [/work/shared/dmn-tck] [folder-filter] [--verbose]
 * Not the engine's TCK runner (that is `npm run tck` on the DMN side); this only measures the FEEL layer.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import {
  FeelNumber,
  coerceTo,
  compileUnaryTests,
  feelEquals,
  formatValue,
  makeContext,
  parseTypeRef,
  type FeelType,
  type FeelValue,
} from './index';
import { parseDate, parseDateTime, parseDuration, parseTime } from './temporal';
import { isContext as isContextValue } from './values';
import { arr, boxedOf, evalHolder, text, type Xml } from './tck-boxed';


const ARRAYS = new Set([
  'testCase', 'inputNode', 'resultNode', 'item', 'component', 'decision', 'inputData', 'itemDefinition',
  'itemComponent', 'informationRequirement', 'knowledgeRequirement', 'authorityRequirement', 'parameters',
  'contextEntry', 'rule', 'inputEntry', 'outputEntry', 'input', 'output', 'binding', 'formalParameter', 'column', 'row',
  'businessKnowledgeModel', 'literalExpression',
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
  bkms: Map<string, Xml>;
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
    const fn = def.functionItem as Xml;
    const typeOf = (ref: unknown): FeelType => (typeof ref === 'string' ? parseTypeRef(ref, resolve) : undefined) ?? { kind: 'any' };
    base = { kind: 'function', params: arr(fn.parameters).map((p) => typeOf(p['@_typeRef'])), result: typeOf(fn['@_outputTypeRef']) };
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
  const bkms = new Map(arr(defs.businessKnowledgeModel).map((d) => [String(d['@_name']), d]));
  const byId = new Map<string, string>();
  for (const [name, d] of [...decisions, ...inputs, ...bkms]) byId.set(String(d['@_id']), name);
  return { decisions, bkms, inputs, byId, types: buildTypes(defs) };
}

let boxedMode = false;

function requirementTargets(model: Model, node: Xml): string[] {
  const refs = [
    ...arr(node.informationRequirement).map((r) => (r.requiredDecision ?? r.requiredInput) as Xml | undefined),
    ...arr(node.knowledgeRequirement).map((r) => r.requiredKnowledge as Xml | undefined),
  ];
  return refs.map((ref) => model.byId.get(String(ref?.['@_href'] ?? '').replace(/^.*#/, '')) ?? '\u0000missing');
}

/** Whether a decision (and everything it requires) can be evaluated by this harness. */
function supported(model: Model, name: string, seen = new Set<string>()): boolean {
  if (seen.has(name)) return true;
  seen.add(name);
  if (model.inputs.has(name)) return true;
  const bkm = model.bkms.get(name);
  if (bkm) return boxedMode && requirementTargets(model, bkm).every((t) => supported(model, t, seen));
  const d = model.decisions.get(name);
  if (!d) return false;
  if (!boxedMode && (!d.literalExpression || d.knowledgeRequirement)) return false;
  if (!boxedOf(d)) return false;
  return requirementTargets(model, d).every((t) => supported(model, t, seen));
}

function variableType(model: Model, node: Xml): FeelType | undefined {
  const ref = (node.variable as Xml | undefined)?.['@_typeRef'];
  return typeof ref === 'string' ? parseTypeRef(ref, model.types) : undefined;
}

function evaluateDecision(model: Model, name: string, inputs: Map<string, FeelValue>, memo: Map<string, FeelValue>): FeelValue {
  if (memo.has(name)) return memo.get(name) ?? null;
  const bkm = model.bkms.get(name);
  if (bkm) {
    const scope = new Map<string, FeelValue>();
    for (const t of requirementTargets(model, bkm)) scope.set(t, evaluateDecision(model, t, inputs, memo));
    const logic = (bkm.encapsulatedLogic ?? {}) as Xml;
    const fn = evalHolder({ functionDefinition: logic }, scope, env(model));
    memo.set(name, fn);
    return fn;
  }
  const d = model.decisions.get(name);
  if (!d) {
    const input = model.inputs.get(name);
    const type = input ? variableType(model, input) : undefined;
    const raw = inputs.get(name) ?? null;
    return type ? coerceTo(raw, type) : raw;
  }
  const scope = new Map<string, FeelValue>();
  for (const t of requirementTargets(model, d)) scope.set(t, evaluateDecision(model, t, inputs, memo));
  let result = evalHolder(d, scope, env(model));
  const type = variableType(model, d);
  if (type) result = coerceTo(result, type);
  memo.set(name, result);
  return result;
}

/**
 * Expected numbers in the TCK are often printed with fewer digits than a 34-digit decimal result (exp(4) =
 * 54.59815003) or were computed with doubles (the PMT examples): numbers pass within a relative 1e-9, which is how
 * the reference engines' runners pass those cases too; or when they round to the expected value's (8 or more)
 * printed decimal places (exp(-1) = 0.36787944).
 */
const RELATIVE_TOLERANCE = new FeelNumber('1e-9');

function sameResult(actual: FeelValue, expected: FeelValue): boolean {
  if (feelEquals(actual, expected) === true) return true;
  if (actual instanceof FeelNumber && expected instanceof FeelNumber) {
    if (actual.sub(expected).abs().lte(RELATIVE_TOLERANCE.mul(FeelNumber.max(1, expected.abs())))) return true;
    const places = expected.decimalPlaces();
    return places >= 8 && actual.toDecimalPlaces(places).eq(expected);
  }
  if (isContextValue(actual) && isContextValue(expected)) {
    if (actual.entries.size !== expected.entries.size) return false;
    return [...expected.entries].every(([k, v]) => actual.entries.has(k) && sameResult(actual.entries.get(k) ?? null, v));
  }
  if (Array.isArray(actual) && Array.isArray(expected)) {
    return actual.length === expected.length && actual.every((a: FeelValue, i: number) => sameResult(a, expected[i] ?? null));
  }
  return false;
}

function env(model: Model) {
  return { types: model.types, deadline: performance.now() + 2000 };
}

function describeDecision(d: Xml): string {
  const literal = arr(d.literalExpression)[0];
  return literal ? text(literal.text).trim() : (boxedOf(d)?.[0] ?? '?');
}

/** Test cases per level: all of them, those whose every result node the harness evaluated, and those passed. */
const testCaseTallies = new Map<string, { all: number; run: number; passed: number }>();

function tallyFor(level: string): { all: number; run: number; passed: number } {
  let tally = testCaseTallies.get(level);
  if (!tally) {
    tally = { all: 0, run: 0, passed: 0 };
    testCaseTallies.set(level, tally);
  }
  return tally;
}

function main(): void {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  boxedMode = args.includes('--boxed');
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
            const tally = tallyFor(level);
            tally.all++;
            let casePassed = true;
            let caseRun = true;
            for (const rn of arr(tc.resultNode)) {
              const name = String(rn['@_name']);
              if (!model.decisions.has(name) || !supported(model, name)) {
                caseRun = false;
                continue;
              }
              const expected = xmlValue((rn.expected ?? {}) as Xml);
              const actual = evaluateDecision(model, name, inputs, memo);
              folderTotal++;
              const ok = sameResult(actual, expected);
              casePassed &&= ok;
              if (ok) folderPassed++;
              else if (verbose) {
                const d = model.decisions.get(name) as Xml;
                console.log(`FAIL ${folder} ${String(tc['@_id'])} ${name}: ${describeDecision(d)}\n   expected ${formatValue(expected)} got ${formatValue(actual)}`);
              }
            }
            if (caseRun) {
              tally.run++;
              if (casePassed) tally.passed++;
            }
          }
        }
      }
      if (folderTotal > 0) console.log(`${level}/${folder}: ${folderPassed}/${folderTotal}`);
      passed += folderPassed;
      total += folderTotal;
    }
  }
  for (const [level, t] of testCaseTallies) {
    console.log(`${level} test cases: ${t.passed} passed of ${t.run} fully evaluated (${t.all} in the suite)`);
  }
  console.log(`TOTAL ${passed}/${total}`);
}

if (require.main === module) main();
