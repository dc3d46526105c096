/**
 * Runs the test cases of one TCK folder against its compiled models.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { DmnEvaluation, DmnModel } from '../../decision/dmn';
import type { FeelType, FeelValue } from '../../decision/dmn/feel-api';
import type { FolderModel } from './models';
import { formatValue } from '../../decision/dmn/feel-api';
import { arr, matches, readTckValue, textOf, toFeel, type Xml } from './values';

export interface CaseResult {
  readonly folder: string;
  readonly testFile: string;
  readonly caseId: string;
  readonly status: 'SUCCESS' | 'FAILURE' | 'ERROR';
  readonly detail: string;
  readonly labels: readonly string[];
}

export interface Engine {
  evaluateDmn(
    model: DmnModel,
    inputs: ReadonlyMap<string, FeelValue>,
    options: {
      decisions?: string[];
      deadline?: number;
      importedInputs?: ReadonlyMap<string, ReadonlyMap<string, FeelValue>>;
    },
  ): DmnEvaluation;
  invokeDecisionService(
    model: DmnModel,
    name: string,
    inputs: ReadonlyMap<string, FeelValue>,
    options: { deadline?: number },
  ): FeelValue;
  inputType(model: DmnModel, name: string): FeelType | null;
}

/** Per test case, so one runaway case cannot stall the run. */
const CASE_TIME_LIMIT_MS = 5000;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => ['testCase', 'inputNode', 'resultNode', 'item', 'component', 'label'].includes(name),
});

function isContext(value: FeelValue): value is Extract<FeelValue, { kind: 'context' }> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    (value as { kind?: string }).kind === 'context'
  );
}

interface Inputs {
  readonly own: Map<string, FeelValue>;
  readonly imported: Map<string, Map<string, FeelValue>>;
}

function readInputs(testCase: Xml, model: DmnModel, engine: Engine): Inputs {
  const own = new Map<string, FeelValue>();
  const imported = new Map<string, Map<string, FeelValue>>();
  for (const node of arr(testCase.inputNode)) {
    const name = String(node['@_name']);
    const namespace = node['@_namespace'];
    const value = readTckValue(node);
    if (typeof namespace === 'string' && namespace !== model.namespace) {
      if (!imported.has(namespace)) imported.set(namespace, new Map());
      imported.get(namespace)?.set(name, toFeel(value));
    } else {
      own.set(name, toFeel(value, engine.inputType(model, name)));
    }
  }
  return { own, imported };
}

function actualValues(
  testCase: Xml,
  model: DmnModel,
  engine: Engine,
  inputs: Inputs,
): (name: string) => FeelValue | undefined {
  const deadline = performance.now() + CASE_TIME_LIMIT_MS;
  const type = String(testCase['@_type'] ?? 'decision');
  if (type === 'decisionService') {
    const service = String(testCase['@_invocableName'] ?? '');
    const result = engine.invokeDecisionService(model, service, inputs.own, { deadline });
    return (name) =>
      isContext(result) && name !== service && result.entries.has(name) ? (result.entries.get(name) ?? null) : result;
  }
  const known = new Set(model.decisions.map((d) => d.name));
  const wanted = arr(testCase.resultNode)
    .map((r) => String(r['@_name']))
    .filter((n) => known.has(n));
  const evaluation = engine.evaluateDmn(model, inputs.own, {
    decisions: wanted,
    deadline,
    importedInputs: inputs.imported,
  });
  return (name) => evaluation.values.get(name);
}

function runCase(testCase: Xml, model: DmnModel, engine: Engine): { status: CaseResult['status']; detail: string } {
  try {
    const inputs = readInputs(testCase, model, engine);
    const actual = actualValues(testCase, model, engine, inputs);
    for (const resultNode of arr(testCase.resultNode)) {
      const name = String(resultNode['@_name']);
      const value = actual(name);
      if (value === undefined) return { status: 'ERROR', detail: `no decision "${name}" in the model` };
      const expected =
        resultNode.expected === undefined ? ({ kind: 'nil' } as const) : readTckValue(resultNode.expected as Xml);
      const result = matches(expected, value);
      if (!result.ok) return { status: 'FAILURE', detail: `${name}: ${result.why ?? ''}` };
    }
    return { status: 'SUCCESS', detail: '' };
  } catch (error) {
    return { status: 'ERROR', detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** The test files of a folder, parsed, in name order. */
function readTestFiles(path: string): Array<{ testFile: string; document: Xml }> {
  return readdirSync(path)
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .map((file) => ({
      testFile: file.replace(/\.xml$/, ''),
      document: (parser.parse(readFileSync(join(path, file), 'utf8')) as Xml).testCases as Xml,
    }))
    .filter(({ document }) => document !== undefined);
}

export function runFolderCases(
  folder: string,
  path: string,
  models: ReadonlyMap<string, FolderModel>,
  engine: Engine,
): CaseResult[] {
  const results: CaseResult[] = [];
  for (const { testFile, document } of readTestFiles(path)) {
    const labels = arr((document.labels as Xml | undefined)?.label).map((l) => textOf(l).trim());
    const folderModel = models.get(textOf(document.modelName).trim());
    for (const testCase of arr(document.testCase)) {
      const caseId = String(testCase['@_id'] ?? '');
      const outcome = folderModel?.model
        ? runCase(testCase, folderModel.model, engine)
        : {
            status: 'ERROR' as const,
            detail: `model did not compile: ${folderModel?.error ?? 'model file not found'}`,
          };
      results.push({ folder, testFile, caseId, labels, ...outcome });
    }
  }
  return results;
}

/**
 * What the engine answers for each case of a folder, whatever the TCK expects: every result node's value as FEEL
 * text, or the error thrown, or why the model did not compile. Two runs of a folder compare with these.
 */
export function folderCaseAnswers(
  path: string,
  models: ReadonlyMap<string, FolderModel>,
  engine: Engine,
): Array<{ testFile: string; caseId: string; answer: string }> {
  const answers: Array<{ testFile: string; caseId: string; answer: string }> = [];
  for (const { testFile, document } of readTestFiles(path)) {
    const folderModel = models.get(textOf(document.modelName).trim());
    for (const testCase of arr(document.testCase)) {
      const caseId = String(testCase['@_id'] ?? '');
      let answer: string;
      if (!folderModel?.model) answer = `model did not compile: ${folderModel?.error ?? 'model file not found'}`;
      else {
        try {
          const actual = actualValues(
            testCase,
            folderModel.model,
            engine,
            readInputs(testCase, folderModel.model, engine),
          );
          answer = arr(testCase.resultNode)
            .map((node) => {
              const value = actual(String(node['@_name']));
              return `${String(node['@_name'])} = ${value === undefined ? '(none)' : formatValue(value)}`;
            })
            .join('\n');
        } catch (error) {
          answer = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        }
      }
      answers.push({ testFile, caseId, answer });
    }
  }
  return answers;
}
