import { readDmnOutline, type DmnDecisionOutline, type DmnOutline } from './dmn-outline';
import type { JdmGraph, JdmNode, JdmRule } from './jdm';
import { diffGraphs, type GraphDiff } from './model-diff';

/**
 * DMN models compared the way JDM graphs are (model-diff.ts), decision by decision: decisions added and removed (by
 * id, with their expression kind); per decision table the rules added, removed and changed cell by cell (inputs,
 * outputs and annotations; rules matched by id, else by position) and a changed hit policy (with its aggregation,
 * `COLLECT SUM`); per literal expression its text. The adapter maps the outline onto the graph shape diffGraphs reads.
 */

/** A table's columns as the graph shape names them: the element's id, else its position. */
function tableColumns(decision: DmnDecisionOutline) {
  const table = decision.table;
  if (!table) return { inputs: [], outputs: [], annotations: [] };
  return {
    inputs: table.inputs.map((input, index) => ({
      id: input.id ?? `input-${index + 1}`,
      name: input.label || input.expression || `input ${index + 1}`,
    })),
    outputs: table.outputs.map((output, index) => ({
      id: output.id ?? `output-${index + 1}`,
      name: output.label || output.name || (table.outputs.length === 1 ? decision.name : `output ${index + 1}`),
    })),
    annotations: table.annotations.map((name, index) => ({
      id: `annotation-${index + 1}`,
      name: name || `annotation ${index + 1}`,
    })),
  };
}

/** The hit policy with its aggregation, as DMN writes it in a table's corner: `UNIQUE`, `COLLECT SUM`. */
export function hitPolicyLabel(table: { hitPolicy: string; aggregation: string | null }): string {
  return table.aggregation ? `${table.hitPolicy} ${table.aggregation}` : table.hitPolicy;
}

function decisionNode(decision: DmnDecisionOutline): JdmNode {
  const table = decision.table;
  if (table) {
    const columns = tableColumns(decision);
    const rules = table.rules.map((rule): JdmRule => {
      const cells: JdmRule = {};
      if (rule.id !== null) cells._id = rule.id;
      if (rule.description !== null) cells._description = rule.description;
      columns.inputs.forEach((column, index) => (cells[column.id] = rule.inputEntries[index] ?? ''));
      columns.outputs.forEach((column, index) => (cells[column.id] = rule.outputEntries[index] ?? ''));
      columns.annotations.forEach((column, index) => (cells[column.id] = rule.annotationEntries[index] ?? ''));
      return cells;
    });
    // The graph shape types hit policies as JDM's two; a DMN table's is compared as its text.
    const hitPolicy = hitPolicyLabel(table) as 'first';
    return {
      id: decision.id,
      name: decision.name,
      type: 'decisionTableNode',
      content: { hitPolicy, inputs: columns.inputs, outputs: [...columns.outputs, ...columns.annotations], rules },
    };
  }
  const expressions =
    decision.kind === 'literalExpression' ? [{ id: decision.id, key: decision.name, value: decision.text ?? '' }] : [];
  return { id: decision.id, name: decision.name, type: 'expressionNode', content: { expressions } };
}

/** A DMN model's decisions in the JDM graph shape: decision tables as tables, literal expressions as expressions. */
export function dmnAsGraph(outline: DmnOutline): JdmGraph {
  return { nodes: outline.decisions.map(decisionNode), edges: [] };
}

/** What changed between two DMN versions (see the module comment); nodes carry the decisions' expression kinds. */
export function diffDmnOutlines(before: DmnOutline, after: DmnOutline): GraphDiff {
  const diff = diffGraphs(dmnAsGraph(before), dmnAsGraph(after));
  const kinds = new Map([...before.decisions, ...after.decisions].map((decision) => [decision.id, decision.kind]));
  const withKind = (node: { id: string; name: string; type: string }) => ({
    ...node,
    type: kinds.get(node.id) ?? node.type,
  });
  // A decision whose kind changed (a literal expression became a table) is one removed and one added.
  const old = new Map(before.decisions.map((decision) => [decision.id, decision]));
  const replaced = after.decisions.filter(
    (decision) => old.has(decision.id) && old.get(decision.id)?.kind !== decision.kind,
  );
  return {
    ...diff,
    nodes_added: [
      ...diff.nodes_added.map(withKind),
      ...replaced.map((decision) => ({ id: decision.id, name: decision.name, type: decision.kind })),
    ],
    nodes_removed: [
      ...diff.nodes_removed.map(withKind),
      ...replaced.map((decision) => ({
        id: decision.id,
        name: old.get(decision.id)?.name ?? decision.name,
        type: old.get(decision.id)?.kind ?? 'none',
      })),
    ],
  };
}

/** Two versions' contents compared, whichever their formats: DMN against DMN by decision, else graph against graph (a format change: everything replaced). */
export function diffModelContents(
  before: { graph: unknown; dmn: string | null },
  after: { graph: unknown; dmn: string | null },
): GraphDiff {
  const asGraph = (content: { graph: unknown; dmn: string | null }) =>
    content.dmn !== null ? dmnAsGraph(readDmnOutline(content.dmn)) : (content.graph as JdmGraph);
  if (before.dmn !== null && after.dmn !== null)
    return diffDmnOutlines(readDmnOutline(before.dmn), readDmnOutline(after.dmn));
  return diffGraphs(asGraph(before), asGraph(after));
}
