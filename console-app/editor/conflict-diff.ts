import type { JdmGraphContent } from './bootstrap';

/**
 * What changed between the revision the person started from (base), the newer save they ran into (theirs) and their
 * working copy (mine), per node and per rule and cell: the conflict view lists it. Each graph is flattened into named
 * places (a node, a table's rule, a cell, a column, an expression, a switch branch, a node's schema, a connection)
 * with a printable value; a place whose value differs from the base on either side is a change. A node or rule added
 * or removed is one change (its cells are not listed one by one).
 */

export interface Change {
  /** Where, in the words of the graph: `table “Discount”: rule 3, cell “tier”`. */
  where: string;
  base: string | undefined;
  theirs: string | undefined;
  mine: string | undefined;
}

interface Place {
  label: string;
  /** What is compared (a missing value and an empty one are the same). */
  value: string;
  /** What is shown, when not the value (a rule: its cells). */
  shown?: string;
  /** The enclosing place (a node for its rules, a rule for its cells): a change there stands for this one. */
  parent?: string;
}

type Places = Map<string, Place>;
type Node = JdmGraphContent['nodes'][number];

interface Column {
  id: string;
  name?: string;
  field?: string;
}
interface TableContent {
  hitPolicy?: string;
  inputs?: Column[];
  outputs?: Column[];
  rules?: Array<Record<string, unknown>>;
}

const KIND_LABELS: Record<string, string> = {
  decisionTableNode: 'table',
  expressionNode: 'expression',
  switchNode: 'switch',
  inputNode: 'input',
  outputNode: 'output',
};

const nodeLabel = (node: Node) => `${KIND_LABELS[node.type ?? ''] ?? 'node'} “${node.name}”`;
const printed = (value: unknown) =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** A schema field's text, compared by meaning (formatting does not count). */
function schemaValue(text: unknown): string {
  if (typeof text !== 'string' || text.trim() === '') return '';
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text.trim();
  }
}

function tablePlaces(places: Places, key: string, label: string, content: TableContent): void {
  places.set(`${key}/hitPolicy`, { label: `${label}: hit policy`, value: printed(content.hitPolicy), parent: key });
  const columns = [...(content.inputs ?? []), ...(content.outputs ?? [])];
  for (const column of columns)
    places.set(`${key}/column:${column.id}`, {
      label: `${label}: column “${column.name ?? column.field ?? column.id}”`,
      value: printed(column.field ?? column.name),
      parent: key,
    });
  const names = new Map(columns.map((column) => [column.id, column.name ?? column.field ?? column.id]));
  names.set('_description', 'description');
  (content.rules ?? []).forEach((rule, index) => {
    const ruleKey = `${key}/rule:${printed(rule._id) || index}`;
    const cells = Object.entries(rule).filter(([id]) => id !== '_id');
    const summary = cells.map(([id, value]) => `${names.get(id) ?? id}: ${printed(value) || '-'}`).join('; ');
    places.set(ruleKey, { label: `${label}: rule ${index + 1}`, value: 'present', shown: summary, parent: key });
    for (const [id, value] of cells)
      places.set(`${ruleKey}/${id}`, {
        label: `${label}: rule ${index + 1}, cell “${names.get(id) ?? id}”`,
        value: printed(value),
        parent: ruleKey,
      });
  });
}

function nodePlaces(places: Places, node: Node): void {
  const key = `node:${node.id}`;
  const label = nodeLabel(node);
  places.set(key, { label, value: `${node.type ?? ''} ${node.name}` });
  const content = (node.content ?? {}) as Record<string, unknown>;
  if (node.type === 'decisionTableNode') return tablePlaces(places, key, label, content as TableContent);
  if (node.type === 'inputNode' || node.type === 'outputNode') {
    places.set(`${key}/schema`, { label: `${label}: schema`, value: schemaValue(content.schema), parent: key });
    return;
  }
  const items = (node.type === 'expressionNode' ? content.expressions : content.statements) as
    Array<{ id: string; key?: string; value?: string; condition?: string }> | undefined;
  if (Array.isArray(items)) {
    items.forEach((item, index) => {
      const what = node.type === 'expressionNode' ? `expression “${item.key ?? index + 1}”` : `branch ${index + 1}`;
      const value =
        node.type === 'expressionNode' ? `${item.key ?? ''} = ${item.value ?? ''}` : printed(item.condition);
      places.set(`${key}/item:${item.id}`, { label: `${label}: ${what}`, value, parent: key });
    });
    return;
  }
  places.set(`${key}/content`, { label: `${label}: content`, value: printed(node.content), parent: key });
}

export function placesOf(graph: JdmGraphContent): Places {
  const places: Places = new Map();
  for (const node of graph.nodes) nodePlaces(places, node);
  const names = new Map(graph.nodes.map((node) => [node.id, node.name]));
  for (const edge of graph.edges) {
    const key = `edge:${edge.sourceId}>${edge.targetId}:${edge.sourceHandle ?? ''}`;
    const label = `connection “${names.get(edge.sourceId) ?? edge.sourceId}” → “${names.get(edge.targetId) ?? edge.targetId}”`;
    places.set(key, { label, value: 'connected' });
  }
  return places;
}

/** The changes on either side since the base, mine's order first (then places only theirs or the base has). */
export function describeChanges(base: JdmGraphContent, theirs: JdmGraphContent, mine: JdmGraphContent): Change[] {
  const [b, t, m] = [placesOf(base), placesOf(theirs), placesOf(mine)];
  const keys = [...new Set([...m.keys(), ...t.keys(), ...b.keys()])];
  const valueIn = (places: Places, key: string) => places.get(key)?.value ?? '';
  const changed = (key: string) => valueIn(t, key) !== valueIn(b, key) || valueIn(m, key) !== valueIn(b, key);
  const shownIn = (places: Places, key: string) => {
    const place = places.get(key);
    return place ? (place.shown ?? place.value) : undefined;
  };
  const present = (key: string) => [b, t, m].map((places) => places.has(key));
  // A place whose parent was added or removed on a side is covered by the parent's line.
  const coveredByParent = (key: string): boolean => {
    const parent = (m.get(key) ?? t.get(key) ?? b.get(key))?.parent;
    if (!parent) return false;
    const [inBase, inTheirs, inMine] = present(parent);
    return inBase !== inTheirs || inBase !== inMine || coveredByParent(parent);
  };
  return keys
    .filter((key) => changed(key) && !coveredByParent(key))
    .map((key) => ({
      where: (m.get(key) ?? t.get(key) ?? b.get(key))?.label ?? key,
      base: shownIn(b, key),
      theirs: shownIn(t, key),
      mine: shownIn(m, key),
    }));
}
