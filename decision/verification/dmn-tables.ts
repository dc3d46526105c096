/**
 * The decision tables of a DMN model as `TableSpec`s: in decisions and business knowledge models, nested in boxed
 * expressions too (contexts, function definitions, invocations, …); decision services hold tables through their
 * decisions. Input entries are read by ./feel-cells.ts. A column's domain is its input values, else the allowed
 * values (and type constraint) of its type's item definition, followed through item definitions and into the
 * components of a structured input (`Applicant.age`); output domains and priorities likewise from output values.
 */
import type { DecisionTableNode, DefinitionsNode, ExpressionNode, ItemDefinitionNode } from '../dmn/model';
import { HIT_POLICIES } from '../dmn/decision-table';
import { parseDefinitions } from '../dmn/parse';
import { literalsOf, type CellTest } from './cell-tests';
import type { ColumnType, DomainSpec } from './column';
import { readFeelCell, readFeelOutputLiteral } from './feel-cells';
import type { TableSpec } from './table-spec';

const FEEL_TYPES: Readonly<Record<string, ColumnType>> = {
  number: 'number',
  string: 'string',
  boolean: 'boolean',
  date: 'date',
  'date and time': 'date-time',
  dateTime: 'date-time',
  time: 'time',
};

function nestedExpressions(node: ExpressionNode): (ExpressionNode | null)[] {
  switch (node.kind) {
    case 'context':
      return node.entries.map((entry) => entry.value);
    case 'list':
      return [...node.items];
    case 'relation':
      return node.rows.flat();
    case 'invocation':
      return [node.callee, ...node.bindings.map((binding) => binding.value)];
    case 'functionDefinition':
      return [node.body];
    case 'conditional':
      return [node.condition, node.then, node.otherwise];
    case 'filter':
      return [node.source, node.match];
    case 'for':
    case 'some':
    case 'every':
      return [node.source, node.body];
    default:
      return [];
  }
}

function tablesIn(node: ExpressionNode | null, found: DecisionTableNode[] = []): DecisionTableNode[] {
  if (!node) return found;
  if (node.kind === 'decisionTable') found.push(node);
  for (const inner of nestedExpressions(node)) tablesIn(inner, found);
  return found;
}

class TypeResolver {
  private readonly items = new Map<string, ItemDefinitionNode>();

  constructor(private readonly definitions: DefinitionsNode) {
    for (const item of definitions.itemDefinitions) this.items.set(item.name, item);
  }

  /** The domain a typeRef (and a path into its components) declares. */
  domain(typeRef: string | null, path: readonly string[] = [], seen = new Set<string>()): DomainSpec {
    if (!typeRef) return {};
    const base = FEEL_TYPES[typeRef.replace(/^feel:/, '')];
    if (base) return path.length === 0 ? { type: base } : {};
    const item = this.items.get(typeRef);
    if (!item || seen.has(typeRef)) return {};
    seen.add(typeRef);
    return this.itemDomain(item, path, seen);
  }

  private itemDomain(item: ItemDefinitionNode, path: readonly string[], seen: Set<string>): DomainSpec {
    if (path.length > 0) {
      const component = item.components.find((c) => c.name === path[0]);
      return component ? this.itemDomain(component, path.slice(1), seen) : {};
    }
    if (item.isCollection) return {};
    const inner = item.typeRef ? this.domain(item.typeRef, [], seen) : {};
    const tests = [item.allowedValues, item.typeConstraint]
      .filter((text): text is string => text !== null && text.trim() !== '')
      .map((text) => readFeelCell(text));
    const usable = tests.filter((test) => test.kind !== 'unknown');
    const all = [...(inner.test ? [inner.test] : []), ...usable];
    const test: CellTest | undefined =
      all.length === 0 ? undefined : all.length === 1 ? all[0] : { kind: 'and', tests: all };
    return { ...(inner.type ? { type: inner.type } : {}), ...(test ? { test } : {}) };
  }

  /** The input data a column's expression reads (`Applicant.age` → Applicant, [age]), if it reads one. */
  inputOf(expression: string): { name: string; path: string[]; typeRef: string | null } | undefined {
    const trimmed = expression.trim();
    for (const input of this.definitions.inputData) {
      if (trimmed === input.name) return { name: input.name, path: [], typeRef: input.typeRef };
      if (trimmed.startsWith(`${input.name}.`)) {
        const rest = trimmed
          .slice(input.name.length + 1)
          .split('.')
          .map((s) => s.trim());
        if (rest.every((segment) => /^[\p{L}_][\p{L}\p{N}_ ]*$/u.test(segment)))
          return { name: input.name, path: rest, typeRef: input.typeRef };
      }
    }
    return undefined;
  }
}

const cellCache = new Map<string, CellTest>();

/** Tables repeat their cells: each distinct text is parsed once (the cache is dropped when it grows large). */
function cachedCell(text: string, names: readonly string[]): CellTest {
  const cacheKey = `${names.join('\u0000')}\u0001${text}`;
  let test = cellCache.get(cacheKey);
  if (!test) {
    if (cellCache.size > 10_000) cellCache.clear();
    cellCache.set(cacheKey, (test = readFeelCell(text, names)));
  }
  return test;
}

function tableSpec(
  table: DecisionTableNode,
  owner: { id: string; name: string },
  types: TypeResolver,
  names: readonly string[],
): TableSpec {
  const hitPolicy = HIT_POLICIES[table.hitPolicy.trim().toUpperCase()] ?? 'UNIQUE';
  return {
    node: owner.id,
    name: owner.name,
    path: '/dmn',
    hitPolicyLabel: table.aggregation ? `${table.hitPolicy} ${table.aggregation}` : table.hitPolicy,
    hitPolicy,
    ruleIds: table.rules.map((rule) => rule.id),
    inputs: table.inputs.map((input, c) => {
      const texts = table.rules.map((rule) => rule.inputEntries[c] ?? '');
      const source = types.inputOf(input.expression);
      let domain: DomainSpec = input.typeRef ? types.domain(input.typeRef) : {};
      if (!input.typeRef && source) domain = types.domain(source.typeRef, source.path);
      if (input.inputValues && input.inputValues.trim() !== '') {
        const allowed = readFeelCell(input.inputValues, names);
        if (allowed.kind !== 'unknown')
          domain = { ...domain, test: domain.test ? { kind: 'and', tests: [domain.test, allowed] } : allowed };
      }
      const spec: TableSpec['inputs'][number] = {
        label: input.label?.trim() || input.expression.trim(),
        domain,
        cells: texts.map((text) => cachedCell(text, names)),
        texts,
      };
      if (domain.type) spec.type = domain.type;
      if (source) spec.inputPath = [source.name, ...source.path];
      else spec.notAnInput = `the input expression ${JSON.stringify(input.expression.trim())} is not an input data`;
      return spec;
    }),
    outputs: table.outputs.map((output, o) => {
      const texts = table.rules.map((rule) => rule.outputEntries[o] ?? '');
      let domain: DomainSpec = types.domain(output.typeRef);
      let priorities;
      if (output.outputValues && output.outputValues.trim() !== '') {
        const allowed = readFeelCell(output.outputValues, names);
        if (allowed.kind !== 'unknown') {
          domain = { ...domain, test: allowed };
          priorities = literalsOf(allowed);
        }
      }
      return {
        label: output.name ?? (table.outputs.length === 1 ? owner.name : `output ${o + 1}`),
        texts,
        literals: texts.map((text) => readFeelOutputLiteral(text)),
        ...(domain.type || domain.test ? { domain } : {}),
        ...(priorities ? { priorities } : {}),
      };
    }),
    hasDefaultOutput: table.outputs.some((output) => (output.defaultOutputEntry ?? '').trim() !== ''),
  };
}

export function dmnTables(xml: string): TableSpec[] {
  let definitions: DefinitionsNode;
  try {
    definitions = parseDefinitions(xml).definitions;
  } catch {
    return [];
  }
  const types = new TypeResolver(definitions);
  const names = [
    ...definitions.inputData.map((input) => input.name),
    ...definitions.decisions.map((decision) => decision.name),
    ...definitions.businessKnowledgeModels.map((bkm) => bkm.name),
  ];
  const owners = [
    ...definitions.decisions.map((decision) => ({
      id: decision.id,
      name: decision.name,
      expression: decision.expression,
    })),
    ...definitions.businessKnowledgeModels.map((bkm) => ({ id: bkm.id, name: bkm.name, expression: bkm.body })),
  ];
  return owners.flatMap((owner) => {
    const tables = tablesIn(owner.expression);
    return tables.map((table, index) =>
      tableSpec(
        table,
        { id: owner.id, name: tables.length > 1 ? `${owner.name} (table ${index + 1})` : owner.name },
        types,
        names,
      ),
    );
  });
}
