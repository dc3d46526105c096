import type { JdmGraph, JdmNode, JdmRule } from './jdm';

/** A property's schema, in the subset model schemas use (see model-schema.ts). */
type SchemaProperty = {
  type?: unknown;
  format?: string;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: SchemaProperty;
  properties?: Record<string, SchemaProperty>;
  required?: string[];
  additionalProperties?: boolean;
};
type ObjectSchema = { properties?: Record<string, SchemaProperty>; required?: string[] };

export interface SchemaChange {
  name: string;
  change: 'added' | 'removed' | 'type_changed' | 'narrowed' | 'widened' | 'now_required' | 'now_optional';
  breaking: boolean;
  detail: string;
}

export interface RuleDiff {
  id: string;
  index: number;
  description: string | null;
}

export interface DecisionTableDiff {
  node_id: string;
  name: string;
  hit_policy?: { from: string; to: string };
  rules_added: Array<RuleDiff & { cells: Record<string, string> }>;
  rules_removed: Array<RuleDiff & { cells: Record<string, string> }>;
  rules_changed: Array<RuleDiff & { cells: Array<{ column: string; from: string; to: string }> }>;
}

export interface GraphDiff {
  nodes_added: Array<{ id: string; name: string; type: string }>;
  nodes_removed: Array<{ id: string; name: string; type: string }>;
  decision_tables: DecisionTableDiff[];
  expressions: Array<{ node_id: string; key: string; from: string | null; to: string | null }>;
  switches: Array<{ node_id: string; statement_id: string; from: string | null; to: string | null }>;
  edges_added: Array<{ source: string; target: string }>;
  edges_removed: Array<{ source: string; target: string }>;
}

/** A rule's key: its `_id`, or its position when it has none. */
const ruleKey = (rule: JdmRule, index: number) => rule._id ?? `#${index}`;
const cellsOf = (rule: JdmRule) =>
  Object.fromEntries(Object.entries(rule).filter(([column]) => !column.startsWith('_')));
const described = (node: JdmNode) => ({ id: node.id, name: node.name, type: node.type });

function tableDiff(
  before: Extract<JdmNode, { type: 'decisionTableNode' }>,
  after: Extract<JdmNode, { type: 'decisionTableNode' }>,
): DecisionTableDiff | undefined {
  const columnName = new Map(
    [...before.content.inputs, ...before.content.outputs, ...after.content.inputs, ...after.content.outputs].map(
      (c) => [c.id, c.name.trim() || c.field || c.id],
    ),
  );
  const old = new Map(before.content.rules.map((rule, index) => [ruleKey(rule, index), { rule, index }]));
  const now = new Map(after.content.rules.map((rule, index) => [ruleKey(rule, index), { rule, index }]));
  const ruleOf = (key: string, { rule, index }: { rule: JdmRule; index: number }) => ({
    id: key,
    index,
    description: rule._description ?? null,
  });
  const diff: DecisionTableDiff = {
    node_id: after.id,
    name: after.name,
    ...(before.content.hitPolicy !== after.content.hitPolicy
      ? { hit_policy: { from: before.content.hitPolicy, to: after.content.hitPolicy } }
      : {}),
    rules_added: [...now]
      .filter(([key]) => !old.has(key))
      .map(([key, entry]) => ({ ...ruleOf(key, entry), cells: cellsOf(entry.rule) })),
    rules_removed: [...old]
      .filter(([key]) => !now.has(key))
      .map(([key, entry]) => ({ ...ruleOf(key, entry), cells: cellsOf(entry.rule) })),
    rules_changed: [],
  };
  for (const [key, entry] of now) {
    const previous = old.get(key);
    if (!previous) continue;
    const columns = new Set([...Object.keys(cellsOf(previous.rule)), ...Object.keys(cellsOf(entry.rule))]);
    const cells = [...columns]
      .filter((column) => (previous.rule[column] ?? '') !== (entry.rule[column] ?? ''))
      .map((column) => ({
        column: columnName.get(column) ?? column,
        from: previous.rule[column] ?? '',
        to: entry.rule[column] ?? '',
      }));
    if (cells.length > 0 || previous.index !== entry.index) diff.rules_changed.push({ ...ruleOf(key, entry), cells });
  }
  const changed =
    diff.hit_policy || diff.rules_added.length > 0 || diff.rules_removed.length > 0 || diff.rules_changed.length > 0;
  return changed ? diff : undefined;
}

/**
 * What changed between two versions of a JDM graph, node by node: nodes added and removed (by id); per decision table
 * the rules added, removed and changed cell by cell (rules matched by `_id`, else by position); expressions and switch
 * conditions changed; edges added and removed.
 */
export function diffGraphs(before: JdmGraph, after: JdmGraph): GraphDiff {
  const old = new Map(before.nodes.map((node) => [node.id, node]));
  const now = new Map(after.nodes.map((node) => [node.id, node]));
  const diff: GraphDiff = {
    nodes_added: after.nodes.filter((node) => !old.has(node.id)).map(described),
    nodes_removed: before.nodes.filter((node) => !now.has(node.id)).map(described),
    decision_tables: [],
    expressions: [],
    switches: [],
    edges_added: [],
    edges_removed: [],
  };
  for (const node of after.nodes) {
    const previous = old.get(node.id);
    if (!previous || previous.type !== node.type) continue;
    if (node.type === 'decisionTableNode' && previous.type === 'decisionTableNode') {
      const table = tableDiff(previous, node);
      if (table) diff.decision_tables.push(table);
    } else if (node.type === 'expressionNode' && previous.type === 'expressionNode') {
      const was = new Map(previous.content.expressions.map((e) => [e.key, e.value]));
      const is = new Map(node.content.expressions.map((e) => [e.key, e.value]));
      for (const key of new Set([...was.keys(), ...is.keys()])) {
        if (was.get(key) !== is.get(key))
          diff.expressions.push({ node_id: node.id, key, from: was.get(key) ?? null, to: is.get(key) ?? null });
      }
    } else if (node.type === 'switchNode' && previous.type === 'switchNode') {
      const was = new Map(previous.content.statements.map((s) => [s.id, s.condition]));
      const is = new Map(node.content.statements.map((s) => [s.id, s.condition]));
      for (const id of new Set([...was.keys(), ...is.keys()])) {
        if (was.get(id) !== is.get(id))
          diff.switches.push({ node_id: node.id, statement_id: id, from: was.get(id) ?? null, to: is.get(id) ?? null });
      }
    }
  }
  const edgeKey = (edge: { sourceId: string; targetId: string }) => `${edge.sourceId}→${edge.targetId}`;
  const oldEdges = new Set(before.edges.map(edgeKey));
  const newEdges = new Set(after.edges.map(edgeKey));
  diff.edges_added = after.edges
    .filter((edge) => !oldEdges.has(edgeKey(edge)))
    .map((edge) => ({ source: edge.sourceId, target: edge.targetId }));
  diff.edges_removed = before.edges
    .filter((edge) => !newEdges.has(edgeKey(edge)))
    .map((edge) => ({ source: edge.sourceId, target: edge.targetId }));
  return diff;
}

/** A schema's type as the diff shows it: its types, with the string format (`["string (date)"]`). */
const typeLabel = (property: SchemaProperty) =>
  JSON.stringify(
    [property.type]
      .flat()
      .map((type) => (type === 'string' && property.format ? `string (${property.format})` : type))
      .sort(),
  );

type LowerBound = 'minimum' | 'exclusiveMinimum' | 'minLength' | 'minItems';
type UpperBound = 'maximum' | 'exclusiveMaximum' | 'maxLength' | 'maxItems';

/** How a property's own constraints moved: narrowed (fewer values accepted), widened, or both (reported as narrowed). */
function boundsChange(before: SchemaProperty, after: SchemaProperty): { narrowed: string[]; widened: string[] } {
  const narrowed: string[] = [];
  const widened: string[] = [];
  const moved = (key: string, tighter: boolean | undefined, was: unknown, is: unknown) => {
    if (tighter === undefined) return;
    (tighter ? narrowed : widened).push(`${key} ${JSON.stringify(was) ?? 'none'} → ${JSON.stringify(is) ?? 'none'}`);
  };
  const bound = (key: LowerBound | UpperBound, lower: boolean) => {
    const [was, is] = [before[key], after[key]];
    if (was === is) return;
    moved(key, is !== undefined && (was === undefined || (lower ? is > was : is < was)), was, is);
  };
  for (const key of ['minimum', 'exclusiveMinimum', 'minLength', 'minItems'] as const) bound(key, true);
  for (const key of ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems'] as const) bound(key, false);
  if (before.multipleOf !== after.multipleOf) {
    // Every multiple of 0.5 is a multiple of 0.25: the new step accepts all the old values only if it divides the old one.
    const divides =
      before.multipleOf !== undefined &&
      after.multipleOf !== undefined &&
      Number.isInteger(before.multipleOf / after.multipleOf);
    moved('multipleOf', after.multipleOf !== undefined && !divides, before.multipleOf, after.multipleOf);
  }
  if (before.pattern !== after.pattern) moved('pattern', after.pattern !== undefined, before.pattern, after.pattern);
  if (Boolean(before.uniqueItems) !== Boolean(after.uniqueItems))
    moved('uniqueItems', Boolean(after.uniqueItems), before.uniqueItems, after.uniqueItems);
  if (before.additionalProperties !== after.additionalProperties)
    moved(
      'additionalProperties',
      after.additionalProperties === false,
      before.additionalProperties,
      after.additionalProperties,
    );
  const wasEnum = before.enum?.map((v) => JSON.stringify(v));
  const isEnum = after.enum?.map((v) => JSON.stringify(v));
  if (isEnum && (!wasEnum || wasEnum.some((v) => !isEnum.includes(v))))
    narrowed.push(
      `enum: ${wasEnum ? wasEnum.filter((v) => !isEnum.includes(v)).join(', ') + ' no longer accepted' : 'now restricted'}`,
    );
  if (wasEnum && (!isEnum || isEnum.some((v) => !wasEnum.includes(v))))
    widened.push(
      `enum: ${isEnum ? isEnum.filter((v) => !wasEnum.includes(v)).join(', ') + ' now accepted' : 'no longer restricted'}`,
    );
  return { narrowed, widened };
}

/** The schemas below a property, by the name the diff gives them: `address.city` for a field, `tags[]` for list items. */
function childrenOf(
  property: SchemaProperty,
  name: string,
): ObjectSchema & { properties: Record<string, SchemaProperty> } {
  const properties: Record<string, SchemaProperty> = {};
  for (const [child, schema] of Object.entries(property.properties ?? {})) properties[`${name}.${child}`] = schema;
  if (property.items) properties[`${name}[]`] = property.items;
  return { properties, required: (property.required ?? []).map((child) => `${name}.${child}`) };
}

/**
 * Changes to a model's inputs, classified for the clients that send them: breaking when a request valid before may now
 * be refused (an input or a nested field removed, a type changed, a bound narrowed, an enum value removed, an input
 * newly required without a default). Nested objects and list items are compared too, named `a.b` and `a[]`.
 */
export function diffInputSchemas(before: ObjectSchema, after: ObjectSchema): SchemaChange[] {
  const changes: SchemaChange[] = [];
  const was = before.properties ?? {};
  const is = after.properties ?? {};
  const required = (schema: ObjectSchema, name: string) => (schema.required ?? []).includes(name);
  for (const name of Object.keys(was))
    if (!(name in is))
      changes.push({ name, change: 'removed', breaking: true, detail: 'requests that send it are refused' });
  for (const [name, property] of Object.entries(is)) {
    const previous = was[name];
    if (!previous) {
      const mandatory = required(after, name) && property.default === undefined && !name.endsWith('[]');
      changes.push({
        name,
        change: 'added',
        breaking: mandatory,
        detail: mandatory ? 'required, without a default' : 'optional',
      });
      continue;
    }
    if (typeLabel(previous) !== typeLabel(property)) {
      changes.push({
        name,
        change: 'type_changed',
        breaking: true,
        detail: `${typeLabel(previous)} → ${typeLabel(property)}`,
      });
      continue;
    }
    const { narrowed, widened } = boundsChange(previous, property);
    if (narrowed.length > 0) changes.push({ name, change: 'narrowed', breaking: true, detail: narrowed.join('; ') });
    else if (widened.length > 0) changes.push({ name, change: 'widened', breaking: false, detail: widened.join('; ') });
    if (!required(before, name) && required(after, name) && property.default === undefined)
      changes.push({ name, change: 'now_required', breaking: true, detail: 'required, without a default' });
    if (required(before, name) && !required(after, name))
      changes.push({ name, change: 'now_optional', breaking: false, detail: 'may be left out' });
    changes.push(...diffInputSchemas(childrenOf(previous, name), childrenOf(property, name)));
  }
  return changes;
}

/**
 * Changes to a model's outputs, for the clients that read them: an output (or a nested field) removed or retyped is
 * breaking, and so is an enum value added (a reader may meet a value it does not know); narrowing is not.
 */
export function diffOutputSchemas(before: ObjectSchema, after: ObjectSchema): SchemaChange[] {
  const changes: SchemaChange[] = [];
  const was = before.properties ?? {};
  const is = after.properties ?? {};
  for (const name of Object.keys(was))
    if (!(name in is)) changes.push({ name, change: 'removed', breaking: true, detail: 'readers of it get nothing' });
  for (const [name, property] of Object.entries(is)) {
    const previous = was[name];
    if (!previous) {
      changes.push({ name, change: 'added', breaking: false, detail: 'a new output' });
      continue;
    }
    if (typeLabel(previous) !== typeLabel(property)) {
      changes.push({
        name,
        change: 'type_changed',
        breaking: true,
        detail: `${typeLabel(previous)} → ${typeLabel(property)}`,
      });
      continue;
    }
    const added = (property.enum ?? []).filter(
      (value) =>
        previous.enum !== undefined && !previous.enum.some((old) => JSON.stringify(old) === JSON.stringify(value)),
    );
    if (added.length > 0 || (previous.enum && !property.enum)) {
      changes.push({
        name,
        change: 'widened',
        breaking: true,
        detail: `enum: ${added.length > 0 ? added.map((v) => JSON.stringify(v)).join(', ') + ' may now be output' : 'no longer restricted'}`,
      });
    }
    changes.push(...diffOutputSchemas(childrenOf(previous, name), childrenOf(property, name)));
  }
  return changes;
}
