import type { JdmGraphContent } from './bootstrap';
import { problemElementId } from './problem-markers';
import type { FieldProblem } from './save';
import { schemaPathToNode } from './schema-fields';

/** "/graph/nodes/2/content/rules/4" → where that is, in the words of the graph (the node's name, the rule's number). */
export function describePath(path: string, graph: JdmGraphContent): string {
  const node = /^\/graph\/nodes\/(\d+)(\/.*)?$/.exec(schemaPathToNode(path, graph));
  if (!node) return path === '' ? 'the model' : path;
  const found = graph.nodes[Number(node[1])];
  const rest = node[2] ?? '';
  const rule = /\/content\/rules\/(\d+)/.exec(rest);
  const where = found ? `node “${found.name}”` : `node ${node[1]}`;
  if (rest.startsWith('/content/schema')) return `${where}, its schema`;
  return rule ? `${where}, rule ${Number(rule[1]) + 1}` : where;
}

/**
 * A refused save: the service's 422 errors, each with its path and where that is in the graph; each item's id is what
 * the marks on the table and graph point to (console-app/editor/problem-markers.ts).
 */
export function SaveProblems(props: { detail: string; errors: FieldProblem[]; graph: JdmGraphContent }) {
  return (
    <div className="editor-problems" role="alert">
      <p>
        <strong>Not saved: {props.detail}</strong>
      </p>
      {props.errors.length > 0 && (
        <ul>
          {props.errors.map((error, index) => (
            <li key={`${error.path}-${index}`} id={problemElementId(index)} data-path={error.path}>
              <code>{error.path || '/'}</code> ({describePath(error.path, props.graph)}): {error.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
