import { XMLParser } from 'fast-xml-parser';

/**
 * A DMN model's decisions as a reader (the console), a diff and a test suite's coverage see them, read from the XML
 * with fast-xml-parser: each decision's kind, its decision table (inputs, outputs, hit policy, rules with their
 * entries and annotations) or its literal expression. Only XML the engine compiled reaches here (it refuses DOCTYPEs),
 * so this reader never sees an entity declaration; it still expands none but XML's five.
 */
export interface DmnOutline {
  namespace: string;
  name: string;
  inputData: Array<{ id: string; name: string; typeRef: string | null }>;
  decisions: DmnDecisionOutline[];
  /** Business knowledge models, their logic read as a decision's is (a decision table shown, rules and all). */
  businessKnowledgeModels: DmnDecisionOutline[];
}

export type DmnExpressionKind =
  | 'decisionTable'
  | 'literalExpression'
  | 'context'
  | 'invocation'
  | 'relation'
  | 'list'
  | 'functionDefinition'
  | 'conditional'
  | 'filter'
  | 'for'
  | 'some'
  | 'every'
  | 'none';

export interface DmnDecisionOutline {
  id: string;
  name: string;
  typeRef: string | null;
  kind: DmnExpressionKind;
  /** Literal expressions: the FEEL text. */
  text?: string;
  table?: DmnTableOutline;
}

export interface DmnTableOutline {
  hitPolicy: string;
  aggregation: string | null;
  inputs: Array<{ id: string | null; label: string; expression: string }>;
  outputs: Array<{ id: string | null; name: string; label: string }>;
  /** DMN 1.3+: annotation columns. */
  annotations: string[];
  rules: Array<{
    id: string | null;
    inputEntries: string[];
    outputEntries: string[];
    annotationEntries: string[];
    description: string | null;
  }>;
}

const REPEATED = new Set([
  'inputData',
  'decision',
  'businessKnowledgeModel',
  'input',
  'output',
  'annotation',
  'rule',
  'inputEntry',
  'outputEntry',
  'annotationEntry',
  'import',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => REPEATED.has(name),
});

type Element = Record<string, unknown>;

const asElement = (value: unknown): Element =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Element) : {};
const asElements = (value: unknown): Element[] =>
  Array.isArray(value) ? value.map(asElement) : value === undefined ? [] : [asElement(value)];
const attribute = (element: Element, name: string): string | null => {
  const value = element[`@_${name}`];
  return typeof value === 'string' ? value : null;
};

/** The `<text>` of an element (`<inputEntry><text>…</text></inputEntry>`), '' when it has none. */
function textOf(element: unknown): string {
  const text = asElement(element).text;
  if (typeof text === 'string') return text;
  if (typeof text === 'number' || typeof text === 'boolean') return String(text);
  const inner = asElement(text)['#text'];
  return typeof inner === 'string' ? inner : '';
}

const EXPRESSION_KINDS: DmnExpressionKind[] = [
  'decisionTable',
  'literalExpression',
  'context',
  'invocation',
  'relation',
  'list',
  'functionDefinition',
  'conditional',
  'filter',
  'for',
  'some',
  'every',
];

function readTable(table: Element): DmnTableOutline {
  const inputs = asElements(table.input).map((input) => ({
    id: attribute(input, 'id'),
    label: attribute(input, 'label') ?? textOf(input.inputExpression),
    expression: textOf(input.inputExpression),
  }));
  const outputs = asElements(table.output).map((output) => ({
    id: attribute(output, 'id'),
    name: attribute(output, 'name') ?? '',
    label: attribute(output, 'label') ?? attribute(output, 'name') ?? '',
  }));
  const annotations = asElements(table.annotation).map((annotation) => attribute(annotation, 'name') ?? '');
  const rules = asElements(table.rule).map((rule) => {
    const description = rule.description;
    return {
      id: attribute(rule, 'id'),
      inputEntries: asElements(rule.inputEntry).map(textOf),
      outputEntries: asElements(rule.outputEntry).map(textOf),
      annotationEntries: asElements(rule.annotationEntry).map(textOf),
      description: typeof description === 'string' && description !== '' ? description : null,
    };
  });
  return {
    hitPolicy: attribute(table, 'hitPolicy') ?? 'UNIQUE',
    aggregation: attribute(table, 'aggregation'),
    inputs,
    outputs,
    annotations,
    rules,
  };
}

function readDecision(decision: Element, index: number): DmnDecisionOutline {
  const variable = asElement(decision.variable);
  const kind = EXPRESSION_KINDS.find((candidate) => decision[candidate] !== undefined) ?? 'none';
  const outline: DmnDecisionOutline = {
    id: attribute(decision, 'id') ?? `decision-${index + 1}`,
    name: attribute(decision, 'name') ?? attribute(decision, 'id') ?? `decision ${index + 1}`,
    typeRef: attribute(variable, 'typeRef'),
    kind,
  };
  if (kind === 'decisionTable') outline.table = readTable(asElement(asElements(decision.decisionTable)[0]));
  if (kind === 'literalExpression') outline.text = textOf(asElements(decision.literalExpression)[0]);
  return outline;
}

export function readDmnOutline(xml: string): DmnOutline {
  const document = asElement(parser.parse(xml));
  const definitions = asElement(document.definitions);
  return {
    namespace: attribute(definitions, 'namespace') ?? '',
    name: attribute(definitions, 'name') ?? '',
    inputData: asElements(definitions.inputData).map((input, index) => ({
      id: attribute(input, 'id') ?? `input-${index + 1}`,
      name: attribute(input, 'name') ?? '',
      typeRef: attribute(asElement(input.variable), 'typeRef'),
    })),
    decisions: asElements(definitions.decision).map(readDecision),
    businessKnowledgeModels: asElements(definitions.businessKnowledgeModel).map((bkm, index) => {
      const logic = readDecision({ ...asElement(bkm.encapsulatedLogic), variable: bkm.variable }, index);
      return {
        ...logic,
        id: attribute(bkm, 'id') ?? `bkm-${index + 1}`,
        name: attribute(bkm, 'name') ?? attribute(bkm, 'id') ?? `business knowledge model ${index + 1}`,
      };
    }),
  };
}
