import { evaluateExpression } from '@gorules/zen-engine';
import { blankDmnModel, blankJdmModel } from '../../decision/blank-models';
import type { TaskContext } from '../../core/process-pool';
import { prepareSteps, type ApprovalStepInput } from '../../rules/decisions/approval-policy';
import {
  evaluateJdm,
  JdmEvaluationError,
  jdmResultToModelResult,
  loadJdmGraph,
  type CompiledJdm,
  type JdmLoadError,
} from '../../decision/jdm';
import { describeEvaluation, evaluateBuiltinItems, type EvaluatedItem } from '../../decision/evaluation-trace';
import type { ModelInputs, ModelResult } from '../../decision/types';
import { DmnModelError, readDmnImports, type DmnImportRef, type DmnProblem } from '../../decision/dmn';
import {
  compileDmnSource,
  compileDmnWithImports,
  deriveSchemasWithImports,
  describeDmnRun,
  dmnResultToModelResult,
  DmnRunError,
  evaluateDmnSource,
  type CompiledDmnSource,
} from '../../decision/dmn-run';
import { isDmnSource, type DmnSource } from '../../decision/dmn-source';
import { readDmnOutline, type DmnOutline } from '../../decision/dmn-outline';
import { diffModelContents } from '../../decision/dmn-diff';
import {
  analyseVersion,
  generateCases,
  type AnalysisInput,
  type GeneratedSuite,
  type VersionAnalysis,
} from '../../decision/verification';
import type { GraphDiff } from '../../decision/model-diff';
import type { DatasetDefinition } from '../datasets';
import { compileMapping, mappingProblems, type FieldMappingDefinition, type MappedRecord } from '../field-mapping';

/**
 * The tasks the expression sandbox's processes run: every evaluation of a tenant-supplied expression. Each is a thin
 * call into the pure modules (decision/, integrations/), which stay usable in-process for tests and one-offs.
 */

/** An upload's dry run: its output and metrics, or the engine's message and the index of the node that failed. */
export type JdmDryRun =
  | { ok: true; output: Record<string, unknown>; metrics: Record<string, unknown> }
  | { ok: false; nodeIndex: number | undefined; message: string };

/** An upload's graph checked: its load errors, or its dry run when sample inputs were given. */
export type JdmUploadCheck = { ok: true; dryRun?: JdmDryRun } | { ok: false; errors: JdmLoadError[] };

/** A call without the content for a key this process has not compiled (yet, or any more): the caller sends it. */
export class ContentNotLoadedError extends Error {
  constructor(key: string) {
    super(`no compiled content for ${key} in this sandbox process`);
    this.name = 'ContentNotLoadedError';
  }
}

/** Compiled tenant graphs of this process, by content: a scenario's Monte Carlo runs evaluate one graph thousands of times. */
const compiledGraphs = new Map<string, Promise<CompiledJdm>>();
const COMPILED_GRAPH_LIMIT = 100;

function compiledGraph(key: string, graph: unknown): Promise<CompiledJdm> {
  let compiled = compiledGraphs.get(key);
  if (!compiled) {
    if (compiledGraphs.size >= COMPILED_GRAPH_LIMIT)
      compiledGraphs.delete(compiledGraphs.keys().next().value as string);
    compiled = loadJdmGraph(graph).then((loaded) => {
      if (!loaded.ok) throw new Error(`the stored graph no longer loads: ${loaded.errors[0]?.message}`);
      return loaded.decision;
    });
    compiled.catch(() => compiledGraphs.delete(key));
    compiledGraphs.set(key, compiled);
  }
  return compiled;
}

/** Compiled DMN models of this process, by content, like compiledGraphs. */
const compiledDmnModels = new Map<string, CompiledDmnSource>();

function compiledDmn(key: string, source: DmnSource): CompiledDmnSource {
  let compiled = compiledDmnModels.get(key);
  if (!compiled) {
    if (compiledDmnModels.size >= COMPILED_GRAPH_LIMIT)
      compiledDmnModels.delete(compiledDmnModels.keys().next().value as string);
    try {
      compiled = compileDmnSource(source);
    } catch (error) {
      if (error instanceof DmnModelError)
        throw new Error(`the stored DMN model no longer compiles: ${error.problems[0]?.message ?? error.message}`, {
          cause: error,
        });
      throw error;
    }
    compiledDmnModels.set(key, compiled);
  }
  return compiled;
}

/** What a DMN upload's check learns from the engine: the model's outline and derived schemas, or every problem. */
export type DmnCompileResult =
  | {
      ok: true;
      namespace: string;
      name: string;
      dmnVersion: string;
      decisions: Array<{ id: string; name: string; expressionKind: string }>;
      inputData: Array<{ id: string; name: string }>;
      schemas: { input_schema: Record<string, unknown>; output_schema: Record<string, unknown> };
    }
  | { ok: false; problems: DmnProblem[] };

/** Evaluates a batch of DMN items like evaluateTenantModelItems does graphs. */
function evaluateDmnItems(
  compiled: CompiledDmnSource,
  items: ModelInputs[],
  trace: boolean,
  decisions: string[] | undefined,
  hits = false,
): EvaluatedItem[] {
  return items.map((inputs): EvaluatedItem => {
    const started = performance.now();
    try {
      const run = evaluateDmnSource(compiled, inputs, decisions ? { decisions } : {});
      return { ok: true, ...describeDmnRun(run, trace, hits), duration_ms: performance.now() - started };
    } catch (error) {
      if (!(error instanceof DmnRunError)) throw error;
      return {
        ok: false,
        message: error.message,
        ...(error.decisionId !== undefined ? { node_id: error.decisionId } : {}),
        duration_ms: performance.now() - started,
      };
    }
  });
}

export const SANDBOX_TASKS = {
  /** The `<import>`s of an uploaded DMN model, to resolve against the tenant's models before compiling it. */
  readDmnImports(input: {
    xml: string;
  }): { ok: true; imports: DmnImportRef[] } | { ok: false; problems: DmnProblem[] } {
    try {
      return { ok: true, imports: readDmnImports(input.xml) };
    } catch (error) {
      if (error instanceof DmnModelError) return { ok: false, problems: error.problems };
      throw error;
    }
  },

  /** Compiles an uploaded DMN model with its resolved imports: every problem the engine finds, or its outline and schemas. */
  compileDmnModel(
    input: { xml: string; imports: Array<{ namespace: string; xml: string }> },
    context: TaskContext,
  ): DmnCompileResult {
    context.mark('/dmn');
    try {
      const model = compileDmnWithImports(input.xml, input.imports);
      return {
        ok: true,
        namespace: model.namespace,
        name: model.name,
        dmnVersion: model.dmnVersion,
        decisions: model.decisions.map((decision) => ({
          id: decision.id,
          name: decision.name,
          expressionKind: decision.expressionKind,
        })),
        inputData: model.inputData.map((data) => ({ id: data.id, name: data.name })),
        schemas: deriveSchemasWithImports(input.xml, input.imports, model),
      };
    } catch (error) {
      if (error instanceof DmnModelError) return { ok: false, problems: error.problems };
      throw error;
    }
  },

  /** A stored DMN version's outline (decisions, decision tables, literal expressions): reading a 4 MiB model's XML
   *  takes about a second, which must not stall the API's event loop. */
  dmnOutline(input: { xml: string }): DmnOutline {
    return readDmnOutline(input.xml);
  },

  /** Two versions' contents compared (JDM or DMN, read from the XML), for the same reason. */
  diffModelContents(input: {
    before: { graph: unknown; dmn: string | null };
    after: { graph: unknown; dmn: string | null };
  }): GraphDiff {
    return diffModelContents(input.before, input.after);
  },

  /** A version's decision tables verified (gaps, overlaps, masked and subsumed rules, domain violations): pure, but
   *  its cost grows with the tables a tenant wrote, so it runs here within the budget like any tenant content. */
  analyseModelVersion(input: AnalysisInput, context: TaskContext): VersionAnalysis {
    context.mark('/content');
    return analyseVersion(input);
  },

  /** Test cases proposed from a version's decision tables (a point per rule, both sides of every bound). */
  generateModelCases(input: AnalysisInput, context: TaskContext): GeneratedSuite {
    context.mark('/content');
    return generateCases(input);
  },

  /** The decisions of a stored DMN version, by name, in the model's order. */
  dmnDecisionNames(input: { key: string; source: DmnSource }): string[] {
    return compiledDmn(input.key, input.source).model.decisions.map((decision) => decision.name);
  },

  /** A DMN upload run once on its sample inputs: its outputs, or the engine's message. */
  dryRunDmn(
    input: { source: DmnSource; inputs: ModelInputs },
    context: TaskContext,
  ): { ok: true; outputs: Record<string, unknown> } | { ok: false; message: string } {
    context.mark('/dmn');
    try {
      return { ok: true, outputs: evaluateDmnSource(compileDmnSource(input.source), input.inputs).outputs };
    } catch (error) {
      if (error instanceof DmnRunError) return { ok: false, message: error.message };
      throw error;
    }
  },

  mappingProblems(
    input: { mapping: FieldMappingDefinition; target: DatasetDefinition; sourceFields?: string[] },
    context: TaskContext,
  ) {
    return mappingProblems(input.mapping, input.target, input.sourceFields, context.mark);
  },

  /** Maps records with one compiled mapping. `mark` names the field being evaluated: for previews, not for syncs' pages. */
  mapRecords(
    input: {
      mapping: FieldMappingDefinition;
      target: DatasetDefinition;
      records: Array<Record<string, unknown>>;
      mark: boolean;
    },
    context: TaskContext,
  ): MappedRecord[] {
    const compiled = compileMapping(input.mapping, input.target, input.mark ? { mark: context.mark } : {});
    return input.records.map((record) => compiled.map(record));
  },

  prepareApprovalSteps(input: { steps: ApprovalStepInput[] }, context: TaskContext) {
    return prepareSteps(input.steps, context.mark);
  },

  /** A step condition over a scenario's metrics: true, false, or null when it cannot be evaluated or is not a boolean. */
  async evaluateCondition(input: { condition: string; metrics: Record<string, unknown> }): Promise<boolean | null> {
    try {
      const result: unknown = await evaluateExpression(input.condition, input.metrics);
      return typeof result === 'boolean' ? result : null;
    } catch {
      return null;
    }
  },

  /**
   * An upload's graph loaded (every expression parsed, each named before it runs) and, given its sample inputs,
   * evaluated once on them: one call, so a save reads, checks and compiles the graph once. Node indexes are those of
   * the graph as sent: the graph as read keeps every node, in order, or it does not load.
   */
  async checkJdmUpload(input: { graph: unknown; inputs?: ModelInputs }, context: TaskContext): Promise<JdmUploadCheck> {
    const loaded = await loadJdmGraph(input.graph, { mark: context.mark });
    if (!loaded.ok) return loaded;
    if (input.inputs === undefined) return { ok: true };
    context.mark('/graph');
    const { graph } = loaded.decision;
    try {
      const evaluation = await evaluateJdm(loaded.decision, input.inputs);
      // The metrics here, not in the caller: the graph and the trace need not travel back.
      const { metrics } = jdmResultToModelResult(graph, evaluation);
      return { ok: true, dryRun: { ok: true, output: evaluation.result, metrics } };
    } catch (error) {
      if (!(error instanceof JdmEvaluationError)) throw error;
      const index = error.nodeId === undefined ? -1 : graph.nodes.findIndex((node) => node.id === error.nodeId);
      return { ok: true, dryRun: { ok: false, nodeIndex: index >= 0 ? index : undefined, message: error.message } };
    }
  },

  /** A stored tenant model's graph on one set of inputs (a scenario run, one Monte Carlo draw); throws what the engine says. */
  async runTenantModel(input: { key: string; graph: unknown; inputs: ModelInputs }): Promise<ModelResult> {
    if (isDmnSource(input.graph)) {
      const dmn = compiledDmn(input.key, input.graph);
      return dmnResultToModelResult(dmn, evaluateDmnSource(dmn, input.inputs));
    }
    const compiled = await compiledGraph(input.key, input.graph);
    return jdmResultToModelResult(compiled.graph, await evaluateJdm(compiled, input.inputs));
  },

  /**
   * A stored tenant model's graph on each of a batch's inputs, in order: per item its output and, when asked, the
   * trace of every node evaluated; an item the engine fails on carries the engine's message instead (the others go on).
   */
  async evaluateTenantModelItems(input: {
    key: string;
    /** Omitted when the caller expects this process to hold the key compiled already (ContentNotLoadedError if not). */
    graph?: unknown;
    items: ModelInputs[];
    trace: boolean;
    decisions?: string[];
    /** Each item's matched rules and switch branches (what a decision instance records). */
    hits?: boolean;
  }): Promise<EvaluatedItem[]> {
    const hits = input.hits ?? false;
    if (input.graph === undefined) {
      const dmn = compiledDmnModels.get(input.key);
      if (dmn) return evaluateDmnItems(dmn, input.items, input.trace, input.decisions, hits);
      if (!compiledGraphs.has(input.key)) throw new ContentNotLoadedError(input.key);
    } else if (isDmnSource(input.graph))
      return evaluateDmnItems(compiledDmn(input.key, input.graph), input.items, input.trace, input.decisions, hits);
    const compiled = await compiledGraph(input.key, input.graph);
    const results: EvaluatedItem[] = [];
    for (const inputs of input.items) {
      const started = performance.now();
      try {
        const evaluation = await evaluateJdm(compiled, inputs);
        results.push({
          ok: true,
          ...describeEvaluation(compiled.graph, evaluation, input.trace, hits),
          duration_ms: performance.now() - started,
        });
      } catch (error) {
        if (!(error instanceof JdmEvaluationError)) throw error;
        results.push({
          ok: false,
          message: error.message,
          ...(error.nodeId !== undefined ? { node_id: error.nodeId } : {}),
          duration_ms: performance.now() - started,
        });
      }
    }
    return results;
  },

  /** A built-in model on each of a batch's inputs (validated, defaults applied): its metrics and, when asked, its derivation. */
  evaluateBuiltinModelItems(input: { modelKey: string; items: ModelInputs[]; trace: boolean }): EvaluatedItem[] {
    return evaluateBuiltinItems(input.modelKey, input.items, input.trace);
  },
};

export type SandboxTasks = typeof SANDBOX_TASKS;

/** The content the warm-up runs: a blank model's table with one rule, in each format, under keys no tenant content has. */
const WARM_UP_KEY = 'warm-up';

/** The blank JDM model with one rule in its table and an expression node after it (input → table → expression → output). */
function warmUpGraph() {
  const graph = blankJdmModel().graph as {
    nodes: Array<{ id: string; content?: { rules?: unknown[] } }>;
    edges: Array<{ id: string; sourceId: string; targetId: string }>;
  };
  for (const node of graph.nodes)
    if (node.content?.rules) node.content.rules = [{ _id: 'r1', 'input-1': '"a"', 'output-1': '"b"' }];
  graph.nodes.push({
    id: 'warm-up-expression',
    type: 'expressionNode',
    name: 'Expression',
    content: { expressions: [{ id: 'e1', key: 'length', value: 'len(output) + 1' }] },
  } as never);
  const last = graph.edges[graph.edges.length - 1] as { targetId: string };
  graph.edges.push({
    id: 'expression-response',
    type: 'edge',
    sourceId: 'warm-up-expression',
    targetId: last.targetId,
  } as never);
  last.targetId = 'warm-up-expression';
  return graph;
}

/**
 * Runs each kind of evaluation once before the process says it is ready: measured here, a fresh process's first
 * asynchronous expression evaluation took ~145 ms (the engine's native side warming), the next under 1 ms — a cost
 * that fell on whichever tenant's request the new process served first.
 */
export async function warmUpSandbox(): Promise<void> {
  const xml = blankDmnModel('Warm-up', 'urn:warm-up').replace(
    '</decisionTable>',
    '<rule id="r1"><inputEntry id="r1_in"><text>"a"</text></inputEntry><outputEntry id="r1_out"><text>"b"</text></outputEntry></rule></decisionTable>',
  );
  try {
    await evaluateExpression('1 + 1', {});
    for (const graph of [warmUpGraph(), { format: 'dmn', xml, imports: [] }]) {
      const [result] = await SANDBOX_TASKS.evaluateTenantModelItems({
        key: WARM_UP_KEY,
        graph,
        items: [{ input: 'a' }],
        trace: true,
      });
      if (!result?.ok) throw new Error(`the warm-up model did not evaluate: ${JSON.stringify(result)}`);
    }
    await SANDBOX_TASKS.evaluateCondition({ condition: 'total > 1', metrics: { total: 2 } });
  } finally {
    compiledGraphs.delete(WARM_UP_KEY);
    compiledDmnModels.delete(WARM_UP_KEY);
  }
}
