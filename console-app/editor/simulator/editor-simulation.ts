import type { Simulation } from '@gorules/jdm-editor';
import type { Evaluation, TraceStep } from './simulator-calls';

/**
 * Our trace (POST /models/{id}/simulate: per node its input, output, matched rules by index and `_id`, switch branches
 * taken) as the JDM editor's `simulate` prop expects it: per node id a trace whose `traceData` is, for a decision table,
 * `{ rule: { _id } }` (a list of them when several rules matched) — the editor lights the row whose id matches — and
 * for a switch `{ statements: [{ id }] }`. The snapshot is the working copy that ran, so the rows line up.
 */
function traceDataOf(step: TraceStep): unknown {
  if (step.matched_rules) {
    const rows = step.matched_rules.map((rule) => ({
      index: rule.index,
      reference_map: {},
      rule: { _id: rule.id ?? '' },
    }));
    return rows.length === 1 ? rows[0] : rows;
  }
  if (step.taken_branches) return { statements: step.taken_branches.map((branch) => ({ id: branch.id })) };
  return null;
}

export function toEditorSimulation(evaluation: Evaluation, snapshot: unknown): Simulation {
  if (evaluation.error)
    return {
      error: {
        title: evaluation.error.code,
        message: evaluation.error.message,
        data: evaluation.error.node_id !== undefined ? { nodeId: evaluation.error.node_id } : {},
      },
    };
  const trace: Record<string, unknown> = {};
  (evaluation.trace ?? []).forEach((step, order) => {
    if (step.node_id === undefined) return;
    trace[step.node_id] = {
      id: step.node_id,
      name: step.name,
      input: step.input ?? null,
      output: step.output ?? null,
      performance: step.performance ?? null,
      traceData: traceDataOf(step),
      order,
    };
  });
  return {
    result: {
      performance: `${evaluation.duration_ms ?? 0}ms`,
      result: (evaluation.outputs ?? {}) as never,
      snapshot: snapshot as never,
      trace: trace as never,
    },
  };
}
