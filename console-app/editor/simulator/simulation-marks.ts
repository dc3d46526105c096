/**
 * What the JDM editor page lights for the working copy's last run (use-simulation-marks.ts lays it on the DOM): each
 * node that ran, the one a failed run stopped at, each matched rule's row and each switch branch taken. Rows and
 * statements are found by their ids in the graph the editor holds now, so an edit made after the run (a row moved)
 * moves the mark with its rule; a rule or branch deleted since is not lit.
 */

/** What a run's answer says about where it went (an `Evaluation` of simulator-calls.ts). */
export interface RunTrace {
  trace?: Array<{
    node_id?: string;
    matched_rules?: Array<{ index: number; id: string | null }>;
    taken_branches?: Array<{ id: string }>;
  }>;
  error?: { message: string; node_id?: string };
}

/** The graph as far as the marks need it (a `JdmGraphContent` of bootstrap.ts). */
export interface HeldGraph {
  nodes: Array<{ id: string; content?: unknown }>;
}

export interface SimulationMarks {
  /** Nodes that ran, in the trace's order, and the one the run failed at. */
  nodes: Array<{ nodeId: string; state: 'ran' | 'failed'; title?: string }>;
  /** Matched rules by their position in the node's table now (0-based, as the editor's `data-virtual-index`). */
  rows: Array<{ nodeId: string; index: number }>;
  /** Switch branches taken, by their position in the node's statements now. */
  statements: Array<{ nodeId: string; index: number }>;
}

interface NodeContent {
  rules?: Array<{ _id?: string }>;
  statements?: Array<{ id?: string }>;
}

const contentOf = (graph: HeldGraph, nodeId: string): NodeContent | undefined =>
  graph.nodes.find((node) => node.id === nodeId)?.content as NodeContent | undefined;

/** What to light for `evaluation` (the working copy's), placed in `graph` (what the editor holds now). */
export function simulationMarks(evaluation: RunTrace | undefined, graph: HeldGraph): SimulationMarks {
  const marks: SimulationMarks = { nodes: [], rows: [], statements: [] };
  if (!evaluation) return marks;
  for (const step of evaluation.trace ?? []) {
    const nodeId = step.node_id;
    if (nodeId === undefined) continue;
    marks.nodes.push({ nodeId, state: 'ran' });
    const content = contentOf(graph, nodeId);
    for (const rule of step.matched_rules ?? []) {
      const index = rule.id ? (content?.rules ?? []).findIndex((held) => held._id === rule.id) : rule.index;
      if (index >= 0 && index < (content?.rules?.length ?? 0)) marks.rows.push({ nodeId, index });
    }
    for (const branch of step.taken_branches ?? []) {
      const index = (content?.statements ?? []).findIndex((held) => held.id === branch.id);
      if (index >= 0) marks.statements.push({ nodeId, index });
    }
  }
  const failedAt = evaluation.error?.node_id;
  if (evaluation.error && failedAt !== undefined) {
    const title = `The run stopped here: ${evaluation.error.message}`;
    const known = marks.nodes.find((node) => node.nodeId === failedAt);
    if (known) Object.assign(known, { state: 'failed', title });
    else marks.nodes.push({ nodeId: failedAt, state: 'failed', title });
  }
  return marks;
}
