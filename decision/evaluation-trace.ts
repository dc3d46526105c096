import { jdmEvaluationHits, matchedRuleIndexes, takenStatementIds, type JdmEvaluation, type JdmGraph } from './jdm';
import type { EvaluationHit } from './types';

export type { EvaluationHit };
import { findBuiltinModel } from './builtin';
import type { ModelInputs } from './types';

/** One evaluated node of a JDM graph (or one derivation step of a built-in model), as `POST /models/{id}/evaluate` shows it. */
export interface EvaluationTraceStep {
  node_id?: string;
  name: string;
  kind: string;
  input?: unknown;
  output: unknown;
  /** Built-in models: the step's formula. */
  formula?: string;
  /** DMN decision tables: the hit policy. */
  hit_policy?: string;
  /** Decision tables: the rules that matched, by position (0-based) and the rule's own id. */
  matched_rules?: Array<{ index: number; id: string | null }>;
  /** Switch nodes: the branches taken. */
  taken_branches?: Array<{ id: string; condition: string }>;
  /** As the engine reports it, e.g. "12.3µs". */
  performance?: string;
}

/** One item of an evaluation: its outputs (and trace, and hits when asked), or why the engine failed on it. */
export type EvaluatedItem =
  | {
      ok: true;
      outputs: Record<string, unknown>;
      trace?: EvaluationTraceStep[];
      hits?: EvaluationHit[];
      duration_ms: number;
    }
  | { ok: false; message: string; node_id?: string; duration_ms: number };

/**
 * A graph's evaluation as the evaluate endpoint answers it: the output as the graph produced it (typed values, nested
 * objects and arrays kept), and per evaluated node its input and output, with the matched rules of decision tables
 * and the branches switches took — what a scenario's `decision_structure` carries, per node.
 */
export function describeEvaluation(
  graph: JdmGraph,
  evaluation: JdmEvaluation,
  withTrace: boolean,
  withHits = false,
): { outputs: Record<string, unknown>; trace?: EvaluationTraceStep[]; hits?: EvaluationHit[] } {
  if (!withTrace && !withHits) return { outputs: evaluation.result };
  if (!withTrace) return { outputs: evaluation.result, hits: jdmEvaluationHits(graph, evaluation) };
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  const trace = evaluation.trace.map((step): EvaluationTraceStep => {
    const node = nodes.get(step.node_id);
    const described: EvaluationTraceStep = {
      node_id: step.node_id,
      name: step.name,
      kind: step.kind,
      input: step.input,
      output: step.output,
    };
    if (step.performance !== undefined) described.performance = step.performance;
    if (node?.type === 'decisionTableNode') {
      described.matched_rules = [...matchedRuleIndexes(step.trace_data)]
        .sort((a, b) => a - b)
        .map((index) => ({ index, id: node.content.rules[index]?._id ?? null }));
    } else if (node?.type === 'switchNode') {
      described.taken_branches = takenStatementIds(step.trace_data).map((id) => ({
        id,
        condition: node.content.statements.find((statement) => statement.id === id)?.condition ?? '',
      }));
    }
    return described;
  });
  return { outputs: evaluation.result, trace, ...(withHits ? { hits: hitsOfTrace(trace) } : {}) };
}

/** The hits a trace shows (decision tables' matched rules, switches' branches), JDM's or DMN's. */
export function hitsOfTrace(trace: EvaluationTraceStep[]): EvaluationHit[] {
  return trace.flatMap((step): EvaluationHit[] => {
    if (step.node_id === undefined) return [];
    if (step.matched_rules)
      return [{ node_id: step.node_id, rules: step.matched_rules.map((rule) => rule.id ?? `#${rule.index}`) }];
    if (step.taken_branches) return [{ node_id: step.node_id, branches: step.taken_branches.map((b) => b.id) }];
    return [];
  });
}

/** A built-in model on each of a batch's inputs (validated, defaults applied): its metrics and, when asked, its derivation. */
export function evaluateBuiltinItems(modelKey: string, items: ModelInputs[], trace: boolean): EvaluatedItem[] {
  const model = findBuiltinModel(modelKey);
  if (!model) throw new Error(`no built-in model "${modelKey}"`);
  return items.map((inputs) => {
    const started = performance.now();
    const result = model.evaluate(inputs);
    const steps = result.decision_structure.derivation.map((step) => ({
      kind: 'derivation_step',
      name: step.step,
      formula: step.formula,
      output: step.value,
    }));
    return {
      ok: true,
      outputs: result.metrics,
      ...(trace ? { trace: steps } : {}),
      duration_ms: performance.now() - started,
    };
  });
}
