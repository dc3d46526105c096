import type { JdmGraphContent } from './bootstrap';
import type { FieldProblem } from './save';

/**
 * The schema fields of the graph's input and output nodes are where the version's input and output schemas are
 * edited: on opening, each input/output node whose field is empty shows the version's schema (pretty JSON); on saving,
 * the first input node's field becomes `input_schema`, the first output node's `output_schema`, and the fields go
 * back to empty in the graph, so the stored graph never holds a second copy of the schemas.
 */

export interface VersionSchemas {
  input_schema: Record<string, unknown>;
  output_schema: Record<string, unknown>;
}

type GraphNode = JdmGraphContent['nodes'][number];

const schemaKinds = { inputNode: 'input_schema', outputNode: 'output_schema' } as const;
type SchemaNodeKind = keyof typeof schemaKinds;

const isSchemaNode = (node: GraphNode): node is GraphNode & { type: SchemaNodeKind } =>
  node.type === 'inputNode' || node.type === 'outputNode';

export const schemaTextOf = (node: GraphNode): string => {
  const content = node.content as { schema?: unknown } | undefined;
  return typeof content?.schema === 'string' ? content.schema : '';
};

/** The graph with the version's schemas in the schema fields that are empty. */
export function withSchemasInNodes(graph: JdmGraphContent, schemas: VersionSchemas): JdmGraphContent {
  return {
    ...graph,
    nodes: graph.nodes.map((node) => {
      if (!isSchemaNode(node) || schemaTextOf(node).trim() !== '') return node;
      const schema = schemas[schemaKinds[node.type]];
      const content = (node.content ?? {}) as Record<string, unknown>;
      return { ...node, content: { ...content, schema: JSON.stringify(schema ?? {}, null, 2) } };
    }),
  };
}

/** The graph as stored: schema fields emptied. */
export function withoutSchemasInNodes(graph: JdmGraphContent): JdmGraphContent {
  return {
    ...graph,
    nodes: graph.nodes.map((node) =>
      isSchemaNode(node) && schemaTextOf(node) !== ''
        ? { ...node, content: { ...(node.content as Record<string, unknown>), schema: '' } }
        : node,
    ),
  };
}

export type SplitContent =
  { ok: true; graph: JdmGraphContent; schemas: VersionSchemas } | { ok: false; errors: FieldProblem[] };

/**
 * The graph and the schemas to save. A field that is not JSON (or not an object) is refused here, pinned to its
 * node, and nothing is sent; an empty field keeps the schema the version has (`fallback`). Whether the JSON is a
 * JSON Schema the service accepts is the save's to say (its 422 names `/input_schema/…`, shown on the node).
 */
export function splitContent(graph: JdmGraphContent, fallback: VersionSchemas): SplitContent {
  const schemas: VersionSchemas = { ...fallback };
  const seen = new Set<string>();
  const errors: FieldProblem[] = [];
  graph.nodes.forEach((node, index) => {
    if (!isSchemaNode(node)) return;
    const key = schemaKinds[node.type];
    if (seen.has(key)) return;
    seen.add(key);
    const text = schemaTextOf(node).trim();
    if (text === '') return;
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        errors.push({ path: `/graph/nodes/${index}/content/schema`, message: 'must be a JSON object (a JSON Schema)' });
      else schemas[key] = parsed as Record<string, unknown>;
    } catch (error) {
      errors.push({
        path: `/graph/nodes/${index}/content/schema`,
        message: `is not JSON: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, graph: withoutSchemasInNodes(graph), schemas };
}

/** `/input_schema/…` and `/output_schema/…` (a save's or a simulation's problem) → the node whose field edits it. */
export function schemaPathToNode(path: string, graph: JdmGraphContent): string {
  const match = /^\/(input_schema|output_schema)(\/.*)?$/.exec(path);
  if (!match) return path;
  const kind: SchemaNodeKind = match[1] === 'input_schema' ? 'inputNode' : 'outputNode';
  const index = graph.nodes.findIndex((node) => node.type === kind);
  return index >= 0 ? `/graph/nodes/${index}/content/schema` : path;
}
