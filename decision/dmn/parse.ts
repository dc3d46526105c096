/**
 * XML → DMN document model (model.ts), for DMN 1.1 to 1.5. Only structure is read here; names, references and FEEL
 * are checked when compiling.
 */
import type {
  BusinessKnowledgeModelNode,
  ContextEntryNode,
  DecisionNode,
  DecisionServiceNode,
  DecisionTableNode,
  DefinitionsNode,
  ExpressionNode,
  ImportNode,
  InputDataNode,
  ItemDefinitionNode,
  TypedName,
} from './model';
import { ProblemList } from './problems';
import { child, childrenNamed, childText, parseXml, type XmlElement, type XmlLimits } from './xml';

export const DMN_NAMESPACES: Readonly<Record<string, string>> = {
  'http://www.omg.org/spec/DMN/20151101/dmn.xsd': '1.1',
  'http://www.omg.org/spec/DMN/20180521/MODEL/': '1.2',
  'https://www.omg.org/spec/DMN/20191111/MODEL/': '1.3',
  'https://www.omg.org/spec/DMN/20211108/MODEL/': '1.4',
  'https://www.omg.org/spec/DMN/20230324/MODEL/': '1.5',
};

export const FEEL_NAMESPACES: ReadonlySet<string> = new Set([
  'http://www.omg.org/spec/FEEL/20140401',
  'http://www.omg.org/spec/DMN/20180521/FEEL/',
  'https://www.omg.org/spec/DMN/20191111/FEEL/',
  'https://www.omg.org/spec/DMN/20211108/FEEL/',
  'https://www.omg.org/spec/DMN/20230324/FEEL/',
]);

const EXPRESSION_ELEMENTS = new Set([
  'literalExpression',
  'context',
  'list',
  'relation',
  'invocation',
  'functionDefinition',
  'conditional',
  'filter',
  'for',
  'some',
  'every',
  'decisionTable',
]);

/** Other boxed expressions DMN defines that this engine cannot evaluate; they are reported, not ignored. */
const UNSUPPORTED_EXPRESSIONS = new Set(['boxedExpression']);

function attr(element: XmlElement, name: string): string | null {
  return element.attrs[name] ?? null;
}

/**
 * A typeRef as written: DMN 1.1 uses QNames (`feel:string`, `tns:tLoan`), later versions plain names
 * (`string`, `imported.tLoan`, `list<number>`). A declared namespace prefix is dropped: FEEL types and the model's
 * own types are then found by name.
 */
export function normalizeTypeRef(raw: string | null, element: XmlElement): string | null {
  if (raw === null) return null;
  const text = raw.trim();
  if (text === '') return null;
  const qname = /^([A-Za-z_][\w.-]*):([^\s:<>].*)$/.exec(text);
  if (qname && element.namespaces.has(qname[1] ?? '')) return (qname[2] ?? '').trim();
  return text;
}

/** An element's id; DRG elements without one (allowed in DMN 1.1 test models) are identified by name. */
function elementId(element: XmlElement): string {
  return attr(element, 'id') ?? (attr(element, 'name') ?? '').trim();
}

function typeRefAttr(element: XmlElement | undefined): string | null {
  return element ? normalizeTypeRef(attr(element, 'typeRef'), element) : null;
}

/** The id part of an href (`#id` → `id`; `namespace#id` stays whole so imports can resolve it). */
function hrefOf(element: XmlElement | undefined): string | null {
  const href = element ? attr(element, 'href') : null;
  if (href === null) return null;
  return href.startsWith('#') ? href.slice(1) : href;
}

function hrefs(parent: XmlElement, wrapper: string, inner: string): string[] {
  const result: string[] = [];
  for (const requirement of childrenNamed(parent, wrapper)) {
    const href = hrefOf(child(requirement, inner));
    if (href !== null) result.push(href);
  }
  return result;
}

function directHrefs(parent: XmlElement, name: string): string[] {
  return childrenNamed(parent, name)
    .map((e) => hrefOf(e))
    .filter((h): h is string => h !== null);
}

function firstExpression(parent: XmlElement | undefined): ExpressionNode | null {
  if (!parent) return null;
  const element = parent.children.find((c) => EXPRESSION_ELEMENTS.has(c.name) || UNSUPPORTED_EXPRESSIONS.has(c.name));
  return element ? readExpression(element) : null;
}

function typedName(element: XmlElement): TypedName {
  return { name: (attr(element, 'name') ?? '').trim(), typeRef: typeRefAttr(element) };
}

function readDecisionTable(
  element: XmlElement,
  base: { id: string | null; typeRef: string | null },
): DecisionTableNode {
  const inputs = childrenNamed(element, 'input').map((input) => {
    const expression = child(input, 'inputExpression');
    return {
      id: attr(input, 'id'),
      label: attr(input, 'label'),
      expression: (expression && childText(expression, 'text')) ?? '',
      typeRef: typeRefAttr(expression),
      inputValues: childText(child(input, 'inputValues') ?? input, 'text') ?? null,
    };
  });
  const outputs = childrenNamed(element, 'output').map((output) => ({
    id: attr(output, 'id'),
    name: attr(output, 'name'),
    typeRef: typeRefAttr(output),
    outputValues: child(output, 'outputValues')
      ? (childText(child(output, 'outputValues') as XmlElement, 'text') ?? null)
      : null,
    defaultOutputEntry: child(output, 'defaultOutputEntry')
      ? (childText(child(output, 'defaultOutputEntry') as XmlElement, 'text') ?? null)
      : null,
  }));
  const rules = childrenNamed(element, 'rule').map((rule) => ({
    id: attr(rule, 'id'),
    inputEntries: childrenNamed(rule, 'inputEntry').map((e) => childText(e, 'text') ?? '-'),
    outputEntries: childrenNamed(rule, 'outputEntry').map((e) => childText(e, 'text') ?? 'null'),
  }));
  return {
    kind: 'decisionTable',
    ...base,
    hitPolicy: (attr(element, 'hitPolicy') ?? 'UNIQUE').trim().toUpperCase(),
    aggregation: attr(element, 'aggregation')?.trim().toUpperCase() ?? null,
    inputs,
    outputs,
    rules,
  };
}

function readContextEntries(element: XmlElement): ContextEntryNode[] {
  return childrenNamed(element, 'contextEntry').map((entry) => {
    const variable = child(entry, 'variable');
    return { id: attr(entry, 'id'), variable: variable ? typedName(variable) : null, value: firstExpression(entry) };
  });
}

function readIterator(
  element: XmlElement,
  kind: 'for' | 'some' | 'every',
  base: { id: string | null; typeRef: string | null },
): ExpressionNode {
  return {
    kind,
    ...base,
    variable: (attr(element, 'iteratorVariable') ?? '').trim(),
    source: firstExpression(child(element, 'in')),
    body: firstExpression(child(element, kind === 'for' ? 'return' : 'satisfies')),
  };
}

export function readExpression(element: XmlElement): ExpressionNode {
  const base = { id: attr(element, 'id'), typeRef: typeRefAttr(element) };
  switch (element.name) {
    case 'literalExpression':
      return { kind: 'literalExpression', ...base, text: childText(element, 'text') ?? '' };
    case 'context':
      return { kind: 'context', ...base, entries: readContextEntries(element) };
    case 'list':
      return {
        kind: 'list',
        ...base,
        items: element.children.filter((c) => EXPRESSION_ELEMENTS.has(c.name)).map((c) => readExpression(c)),
      };
    case 'relation':
      return {
        kind: 'relation',
        ...base,
        columns: childrenNamed(element, 'column').map((c) => typedName(c)),
        rows: childrenNamed(element, 'row').map((row) =>
          row.children.filter((c) => EXPRESSION_ELEMENTS.has(c.name)).map((c) => readExpression(c)),
        ),
      };
    case 'invocation':
      return {
        kind: 'invocation',
        ...base,
        callee: firstExpression(element),
        bindings: childrenNamed(element, 'binding').map((b) => ({
          name: (attr(child(b, 'parameter') ?? b, 'name') ?? '').trim(),
          value: firstExpression(b),
        })),
      };
    case 'functionDefinition':
      return {
        kind: 'functionDefinition',
        ...base,
        functionKind: (attr(element, 'kind') ?? 'FEEL').trim(),
        params: childrenNamed(element, 'formalParameter').map((p) => typedName(p)),
        body: firstExpression(element),
      };
    case 'conditional':
      return {
        kind: 'conditional',
        ...base,
        condition: firstExpression(child(element, 'if')),
        then: firstExpression(child(element, 'then')),
        otherwise: firstExpression(child(element, 'else')),
      };
    case 'filter':
      return {
        kind: 'filter',
        ...base,
        source: firstExpression(child(element, 'in')),
        match: firstExpression(child(element, 'match')),
      };
    case 'for':
    case 'some':
    case 'every':
      return readIterator(element, element.name, base);
    case 'decisionTable':
      return readDecisionTable(element, base);
    default:
      return { kind: 'unsupported', ...base, element: element.name };
  }
}

function readItemDefinition(element: XmlElement): ItemDefinitionNode {
  const typeRefElement = child(element, 'typeRef');
  const functionItem = child(element, 'functionItem');
  const constraint = (name: string): string | null => {
    const c = child(element, name);
    return c ? (childText(c, 'text') ?? null) : null;
  };
  return {
    id: attr(element, 'id'),
    name: (attr(element, 'name') ?? '').trim(),
    typeRef: typeRefElement ? normalizeTypeRef(typeRefElement.text, typeRefElement) : typeRefAttr(element),
    isCollection: attr(element, 'isCollection') === 'true',
    allowedValues: constraint('allowedValues'),
    typeConstraint: constraint('typeConstraint'),
    components: childrenNamed(element, 'itemComponent').map((c) => readItemDefinition(c)),
    functionItem: functionItem
      ? {
          params: childrenNamed(functionItem, 'parameters').map((p) => typedName(p)),
          outputTypeRef: normalizeTypeRef(attr(functionItem, 'outputTypeRef'), functionItem),
        }
      : null,
  };
}

function variableTypeRef(element: XmlElement): string | null {
  return typeRefAttr(child(element, 'variable'));
}

function readDecision(element: XmlElement): DecisionNode {
  return {
    id: elementId(element),
    name: (attr(element, 'name') ?? '').trim(),
    typeRef: variableTypeRef(element),
    requiredDecisions: hrefs(element, 'informationRequirement', 'requiredDecision'),
    requiredInputs: hrefs(element, 'informationRequirement', 'requiredInput'),
    requiredKnowledge: hrefs(element, 'knowledgeRequirement', 'requiredKnowledge'),
    expression: firstExpression(element),
  };
}

function readBusinessKnowledgeModel(element: XmlElement): BusinessKnowledgeModelNode {
  const logic = child(element, 'encapsulatedLogic');
  return {
    id: elementId(element),
    name: (attr(element, 'name') ?? '').trim(),
    typeRef: variableTypeRef(element),
    params: logic ? childrenNamed(logic, 'formalParameter').map((p) => typedName(p)) : [],
    body: firstExpression(logic),
    requiredKnowledge: hrefs(element, 'knowledgeRequirement', 'requiredKnowledge'),
  };
}

function readDecisionService(element: XmlElement): DecisionServiceNode {
  return {
    id: elementId(element),
    name: (attr(element, 'name') ?? '').trim(),
    typeRef: variableTypeRef(element),
    outputDecisions: directHrefs(element, 'outputDecision'),
    encapsulatedDecisions: directHrefs(element, 'encapsulatedDecision'),
    inputDecisions: directHrefs(element, 'inputDecision'),
    inputData: directHrefs(element, 'inputData'),
  };
}

function readImport(element: XmlElement): ImportNode {
  return {
    namespace: attr(element, 'namespace') ?? '',
    name: (attr(element, 'name') ?? '').trim(),
    importType: attr(element, 'importType') ?? '',
    locationURI: attr(element, 'locationURI'),
  };
}

/** Reads the `<definitions>` root; problems (wrong root, unknown namespace) are added to `problems`. */
export function readDefinitions(root: XmlElement, problems: ProblemList): DefinitionsNode {
  const dmnVersion = DMN_NAMESPACES[root.ns];
  if (root.name !== 'definitions') problems.add(null, `the root element is <${root.name}>, not a DMN <definitions>`);
  else if (dmnVersion === undefined)
    problems.add(null, `unknown DMN namespace "${root.ns}" (DMN 1.1 to 1.5 are supported)`);
  const of = (name: string): XmlElement[] => childrenNamed(root, name);
  return {
    id: attr(root, 'id'),
    name: attr(root, 'name') ?? '',
    namespace: attr(root, 'namespace') ?? '',
    dmnVersion: dmnVersion ?? 'unknown',
    imports: of('import').map((e) => readImport(e)),
    itemDefinitions: of('itemDefinition').map((e) => readItemDefinition(e)),
    inputData: of('inputData').map((e): InputDataNode => ({
      id: elementId(e),
      name: (attr(e, 'name') ?? '').trim(),
      typeRef: variableTypeRef(e),
    })),
    decisions: of('decision').map((e) => readDecision(e)),
    businessKnowledgeModels: of('businessKnowledgeModel').map((e) => readBusinessKnowledgeModel(e)),
    decisionServices: of('decisionService').map((e) => readDecisionService(e)),
  };
}

export function parseDefinitions(
  xml: string,
  limits: XmlLimits = {},
): { definitions: DefinitionsNode; problems: ProblemList } {
  const problems = new ProblemList();
  const root = parseXml(xml, limits);
  return { definitions: readDefinitions(root, problems), problems };
}
