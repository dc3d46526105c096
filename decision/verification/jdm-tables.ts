/**
 * The decision tables of a JDM graph as `TableSpec`s: input cells read by ./jdm-cells.ts, each column's domain from
 * the model's JSON input schema (the column's field, dotted, looked up in `properties`), output domains from the
 * output schema. Paths are the upload's JSON Pointers (`/graph/nodes/<n>`).
 */
import Decimal from 'decimal.js';
import type { CellTest, Literal } from './cell-tests';
import type { ColumnType, DomainSpec } from './column';
import { readJdmCell, readJdmOutputLiteral } from './jdm-cells';
import type { TableSpec } from './table-spec';

type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema of a dotted field path, or undefined. */
function schemaAt(schema: unknown, path: readonly string[]): Schema | undefined {
  let current: unknown = schema;
  for (const segment of path) {
    if (!isObject(current) || !isObject(current.properties)) return undefined;
    current = current.properties[segment];
  }
  return isObject(current) ? current : undefined;
}

function literalOf(value: unknown): Literal | undefined {
  if (typeof value === 'number') return { type: 'number', value: new Decimal(value) };
  if (typeof value === 'string') return { type: 'string', value };
  if (typeof value === 'boolean') return { type: 'boolean', value };
  if (value === null) return { type: 'null' };
  return undefined;
}

/** A column's domain from a JSON Schema: its type, enum, const, minimum/maximum and exclusive bounds. */
export function domainFromJsonSchema(schema: Schema | undefined): DomainSpec {
  if (!schema) return {};
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== 'null');
  let type: ColumnType | undefined;
  const [only] = types;
  if (types.length === 1) {
    if (only === 'integer') type = 'integer';
    else if (only === 'number') type = 'number';
    else if (only === 'boolean') type = 'boolean';
    else if (only === 'string') {
      const format = schema.format;
      type = format === 'date' ? 'date' : format === 'date-time' ? 'date-time' : format === 'time' ? 'time' : 'string';
    }
  }
  const tests: CellTest[] = [];
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  if (values) {
    const literals = values.map(literalOf).filter((l): l is Literal => l !== undefined && l.type !== 'null');
    tests.push({ kind: 'or', tests: literals.map((value) => ({ kind: 'compare', operator: '=', value })) });
  }
  const bound = (key: string, operator: '>=' | '<=' | '>' | '<') => {
    const value = schema[key];
    if (typeof value === 'number')
      tests.push({ kind: 'compare', operator, value: { type: 'number', value: new Decimal(value) } });
  };
  bound('minimum', '>=');
  bound('maximum', '<=');
  bound('exclusiveMinimum', '>');
  bound('exclusiveMaximum', '<');
  const test: CellTest | undefined =
    tests.length === 0 ? undefined : tests.length === 1 ? tests[0] : { kind: 'and', tests };
  return { ...(type ? { type } : {}), ...(test ? { test } : {}) };
}

function hitPolicyOf(value: unknown): TableSpec['hitPolicy'] {
  return value === 'collect' ? 'COLLECT' : 'FIRST';
}

/** Nodes fed straight from the input node read the model's input object; other tables read other nodes' outputs. */
function tablesFedByInput(graph: Record<string, unknown>): Set<string> {
  const nodes = Array.isArray(graph.nodes) ? graph.nodes.filter(isObject) : [];
  const edges = Array.isArray(graph.edges) ? graph.edges.filter(isObject) : [];
  const inputIds = new Set(nodes.filter((n) => n.type === 'inputNode').map((n) => n.id));
  const fed = new Set<string>();
  const sources = new Map<unknown, unknown[]>();
  for (const edge of edges) sources.set(edge.targetId, [...(sources.get(edge.targetId) ?? []), edge.sourceId]);
  for (const node of nodes) {
    const from = sources.get(node.id) ?? [];
    if (from.length > 0 && from.every((source) => inputIds.has(source))) fed.add(String(node.id));
  }
  return fed;
}

export function jdmTables(graph: unknown, inputSchema?: unknown, outputSchema?: unknown): TableSpec[] {
  if (!isObject(graph) || !Array.isArray(graph.nodes)) return [];
  const fed = tablesFedByInput(graph);
  // Tables repeat their cells (the same band in many rules): each distinct text is read once.
  const cellCache = new Map<string, CellTest>();
  const readCell = (text: string): CellTest => {
    let test = cellCache.get(text);
    if (!test) cellCache.set(text, (test = readJdmCell(text)));
    return test;
  };
  const tables: TableSpec[] = [];
  graph.nodes.forEach((node, index) => {
    if (!isObject(node) || node.type !== 'decisionTableNode' || !isObject(node.content)) return;
    const content = node.content;
    const inputs = (Array.isArray(content.inputs) ? content.inputs : []).filter(isObject);
    const outputs = (Array.isArray(content.outputs) ? content.outputs : []).filter(isObject);
    const rules = (Array.isArray(content.rules) ? content.rules : []).filter(isObject);
    const cellText = (rule: Record<string, unknown>, id: unknown) => {
      const cell = rule[String(id)];
      return typeof cell === 'string' ? cell : '';
    };
    const nodeId = String(node.id);
    tables.push({
      node: nodeId,
      name: typeof node.name === 'string' ? node.name : nodeId,
      path: `/graph/nodes/${index}`,
      hitPolicyLabel: typeof content.hitPolicy === 'string' ? content.hitPolicy : 'first',
      hitPolicy: hitPolicyOf(content.hitPolicy),
      ruleIds: rules.map((rule) => (typeof rule._id === 'string' ? rule._id : null)),
      inputs: inputs.map((column) => {
        const field = typeof column.field === 'string' ? column.field.trim() : '';
        const texts = rules.map((rule) => cellText(rule, column.id));
        const label = field || (typeof column.name === 'string' && column.name) || String(column.id);
        const path = field.split('.');
        const cells: CellTest[] = field
          ? texts.map(readCell)
          : texts.map((text) =>
              text.trim() === ''
                ? { kind: 'any' }
                : { kind: 'unknown', reason: 'the column has no field, so its cells are whole expressions' },
            );
        const spec: TableSpec['inputs'][number] = {
          label,
          domain: field && fed.has(nodeId) ? domainFromJsonSchema(schemaAt(inputSchema, path)) : {},
          cells,
          texts,
        };
        const declared = spec.domain.type;
        if (declared) spec.type = declared;
        if (field && fed.has(nodeId)) spec.inputPath = path;
        else spec.notAnInput = field ? 'the table reads the output of another node' : 'the column has no field';
        return spec;
      }),
      outputs: outputs.map((column) => {
        const field = typeof column.field === 'string' ? column.field : String(column.id);
        const texts = rules.map((rule) => cellText(rule, column.id));
        const domain = domainFromJsonSchema(schemaAt(outputSchema, field.split('.')));
        return {
          label: field,
          texts,
          literals: texts.map(readJdmOutputLiteral),
          ...(domain.type || domain.test ? { domain } : {}),
        };
      }),
      hasDefaultOutput: false,
    });
  });
  return tables;
}
