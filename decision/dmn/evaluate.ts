/**
 * Evaluation of a compiled model: decisions with their requirements (each evaluated once per evaluation),
 * business knowledge models and decision services as FEEL functions, type coercion of inputs and results, the trace.
 */
import {
  coerceTo,
  conformsTo,
  FeelTimeoutError,
  makeContext,
  makeFunction,
  type FeelFunction,
  type FeelType,
  type FeelValue,
} from './feel-api';
import { makeBodyFunction } from './boxed-expressions';
import { internals, type CompiledModel, type CompiledService, type DmnModel, type ElementTarget } from './compile';
import { DmnModelError } from './problems';
import { checkDeadline, type EvalContext, type TableTrace } from './runtime';

export interface DmnTraceStep {
  decision_id: string;
  decision_name: string;
  expression_kind: string;
  /** The decision's value as a FEEL value (convert with toJson for JSON). */
  output: unknown;
  hit_policy?: string;
  /** Decision tables: the rules that matched, `index` 1-based in table order. */
  matched_rules?: Array<{ index: number; id: string | null }>;
}

export interface DmnEvaluation {
  values: ReadonlyMap<string, FeelValue>;
  trace: DmnTraceStep[];
}

export interface EvaluateOptions {
  /** Decisions to evaluate, by name (or id); default all. */
  readonly decisions?: string[];
  /** `performance.now()` value after which evaluation stops with FeelTimeoutError. */
  readonly deadline?: number;
  /** Inputs of imported models' input data, by the imported model's namespace (nested imports included). */
  readonly importedInputs?: ReadonlyMap<string, ReadonlyMap<string, FeelValue>>;
}

/** One evaluation: inputs by model namespace, results memoized per model, the trace. */
class Session {
  private readonly memo = new Map<CompiledModel, Map<string, FeelValue>>();
  readonly trace: DmnTraceStep[] = [];
  private readonly functions = new Map<CompiledModel, Map<string, FeelFunction>>();

  constructor(
    readonly inputs: ReadonlyMap<string, ReadonlyMap<string, FeelValue>>,
    readonly deadline: number | undefined,
    /** Values given for decisions (a decision service's input decisions): used instead of evaluating them. */
    readonly overrides: ReadonlyMap<CompiledModel, ReadonlyMap<string, FeelValue>> = new Map(),
  ) {}

  private context(): EvalContext {
    return this.deadline !== undefined ? { deadline: this.deadline } : {};
  }

  inputValue(model: CompiledModel, id: string): FeelValue {
    const input = model.compiledInputs.get(id);
    if (!input) return null;
    const raw = this.inputs.get(model.namespace)?.get(input.node.name) ?? null;
    return input.type ? coerceTo(raw, input.type) : raw;
  }

  private known(model: CompiledModel, id: string): boolean {
    return this.overrides.get(model)?.has(id) === true || this.memo.get(model)?.has(id) === true;
  }

  /**
   * Evaluates the decisions `id` requires, deepest first, without recursion: a model may chain thousands of
   * decisions, more than the JavaScript stack holds.
   */
  private evaluateRequirements(model: CompiledModel, id: string): void {
    const order: ElementTarget[] = [];
    const seen = new Map<CompiledModel, Set<string>>();
    const stack: Array<{ model: CompiledModel; id: string; expanded: boolean }> = [{ model, id, expanded: false }];
    while (stack.length > 0) {
      const item = stack.pop() as { model: CompiledModel; id: string; expanded: boolean };
      if (item.expanded) {
        order.push({ model: item.model, id: item.id, name: '', importName: null });
        continue;
      }
      let visited = seen.get(item.model);
      if (!visited) seen.set(item.model, (visited = new Set()));
      if (visited.has(item.id)) continue;
      visited.add(item.id);
      stack.push({ ...item, expanded: true });
      for (const required of item.model.compiledDecisions.get(item.id)?.decisions ?? []) {
        if (!this.known(required.model, required.id))
          stack.push({ model: required.model, id: required.id, expanded: false });
      }
    }
    order.pop();
    for (const target of order) this.decisionValue(target.model, target.id);
  }

  decisionValue(model: CompiledModel, id: string): FeelValue {
    const override = this.overrides.get(model);
    if (override?.has(id)) return override.get(id) ?? null;
    let memo = this.memo.get(model);
    if (!memo) this.memo.set(model, (memo = new Map()));
    if (memo.has(id)) return memo.get(id) ?? null;
    this.evaluateRequirements(model, id);
    checkDeadline(this.deadline);
    const decision = model.compiledDecisions.get(id);
    if (!decision) return null;
    const scope = new Map<string, FeelValue>();
    this.bind(scope, decision.inputs, (t) => this.inputValue(t.model, t.id));
    this.bind(scope, decision.decisions, (t) => this.decisionValue(t.model, t.id));
    this.bind(scope, decision.knowledge, (t) => this.knowledgeFunction(t.model, t.id));
    const context = this.context();
    const tableTrace: TableTrace = { hitPolicy: '', matched: [] };
    context.tableTrace = tableTrace;
    const raw = decision.evaluate(scope, context);
    const value = decision.type ? coerceTo(raw, decision.type) : raw;
    memo.set(id, value);
    const step: DmnTraceStep = {
      decision_id: decision.node.id,
      decision_name: decision.node.name,
      expression_kind: decision.node.expression?.kind ?? 'none',
      output: value,
    };
    if (decision.node.expression?.kind === 'decisionTable') {
      step.hit_policy = tableTrace.hitPolicy;
      step.matched_rules = tableTrace.matched;
    }
    this.trace.push(step);
    return value;
  }

  /** Puts requirement values in scope: local ones by name, imported ones in a context named after the import. */
  private bind(
    scope: Map<string, FeelValue>,
    targets: readonly ElementTarget[],
    valueOf: (t: ElementTarget) => FeelValue,
  ): void {
    for (const target of targets) {
      const value = valueOf(target);
      if (target.importName === null) {
        scope.set(target.name, value);
        continue;
      }
      const existing = scope.get(target.importName);
      const entries = new Map(
        existing && typeof existing === 'object' && 'kind' in existing && existing.kind === 'context'
          ? existing.entries
          : [],
      );
      entries.set(target.name, value);
      scope.set(target.importName, makeContext(entries));
    }
  }

  /** A BKM or decision service as a function value (created once per model and session). */
  knowledgeFunction(model: CompiledModel, id: string): FeelValue {
    let cache = this.functions.get(model);
    if (!cache) this.functions.set(model, (cache = new Map()));
    const cached = cache.get(id);
    if (cached) return cached;
    let fn: FeelFunction | null = null;
    const bkm = model.compiledBkms.get(id);
    if (bkm) {
      const scope = new Map<string, FeelValue>();
      this.bind(scope, bkm.knowledge, (t) => this.knowledgeFunction(t.model, t.id));
      fn = makeBodyFunction(bkm.node.name, bkm.params, bkm.body, scope, this.deadline, bkm.resultType) as FeelFunction;
    }
    const service = model.compiledServices.get(id);
    if (service) fn = serviceFunction(model, service, this.deadline);
    if (!fn) return null;
    cache.set(id, fn);
    return fn;
  }
}

function serviceParameters(service: CompiledService): ElementTarget[] {
  return [...service.inputData, ...service.inputDecisions];
}

/** Runs a decision service: its input data and input decisions are given; its output decisions are evaluated. */
function runService(
  model: CompiledModel,
  service: CompiledService,
  args: ReadonlyMap<string, FeelValue>,
  deadline: number | undefined,
): FeelValue {
  const inputs = new Map<string, Map<string, FeelValue>>();
  const overrides = new Map<CompiledModel, Map<string, FeelValue>>();
  for (const target of service.inputData) {
    if (!inputs.has(target.model.namespace)) inputs.set(target.model.namespace, new Map());
    inputs.get(target.model.namespace)?.set(target.name, args.get(target.name) ?? null);
  }
  for (const target of service.inputDecisions) {
    if (!overrides.has(target.model)) overrides.set(target.model, new Map());
    const decision = target.model.compiledDecisions.get(target.id);
    const raw = args.get(target.name) ?? null;
    overrides.get(target.model)?.set(target.id, decision?.type ? coerceTo(raw, decision.type) : raw);
  }
  const session = new Session(inputs, deadline, overrides);
  const results = service.outputs.map((t) => [t.name, session.decisionValue(t.model, t.id)] as const);
  const value = results.length === 1 ? (results[0]?.[1] ?? null) : makeContext(results);
  return service.type ? coerceTo(value, service.type) : value;
}

function parameterType(target: ElementTarget): FeelType | null {
  return (
    target.model.compiledInputs.get(target.id)?.type ?? target.model.compiledDecisions.get(target.id)?.type ?? null
  );
}

/**
 * A decision service as a FEEL function. Unlike a direct invocation (where inputs are coerced), an argument that
 * does not conform to its parameter's type makes the call fail (null) without running the service.
 */
function serviceFunction(model: CompiledModel, service: CompiledService, deadline: number | undefined): FeelFunction {
  const params = serviceParameters(service).map((target) => ({ target, type: parameterType(target) }));
  return makeFunction(
    service.node.name,
    params.map((p) => (p.type ? { name: p.target.name, type: p.type } : { name: p.target.name })),
    (args) => {
      if (
        params.some(
          (p, i) => p.type && (args[i] ?? null) !== null && !conformsTo(coerceTo(args[i] ?? null, p.type), p.type),
        )
      )
        return null;
      return runService(
        model,
        service,
        new Map(params.map((p, i) => [p.target.name, args[i] ?? null] as const)),
        deadline,
      );
    },
  );
}

/** Splits `importName.inputName` keys off to the imported model's namespace. */
function inputsByNamespace(
  model: CompiledModel,
  inputs: ReadonlyMap<string, FeelValue>,
  imported?: ReadonlyMap<string, ReadonlyMap<string, FeelValue>>,
): Map<string, ReadonlyMap<string, FeelValue>> {
  const result = new Map<string, ReadonlyMap<string, FeelValue>>(imported ?? []);
  const own = new Map<string, FeelValue>(result.get(model.namespace) ?? []);
  for (const [key, value] of inputs) {
    own.set(key, value);
    for (const [importName, importedModel] of model.importedModels) {
      if (!key.startsWith(`${importName}.`)) continue;
      const forImport = new Map(result.get(importedModel.namespace) ?? []);
      forImport.set(key.slice(importName.length + 1), value);
      result.set(importedModel.namespace, forImport);
    }
  }
  result.set(model.namespace, own);
  return result;
}

function findDecision(model: CompiledModel, nameOrId: string): string {
  if (model.compiledDecisions.has(nameOrId)) return nameOrId;
  for (const [id, decision] of model.compiledDecisions) if (decision.node.name === nameOrId) return id;
  throw new DmnModelError([{ element_id: null, element_name: nameOrId, message: `no decision named "${nameOrId}"` }]);
}

export function evaluateDmn(
  model: DmnModel,
  inputs: ReadonlyMap<string, FeelValue>,
  options: EvaluateOptions = {},
): DmnEvaluation {
  const compiled = internals(model);
  const ids = options.decisions
    ? options.decisions.map((d) => findDecision(compiled, d))
    : [...compiled.compiledDecisions.keys()];
  const session = new Session(inputsByNamespace(compiled, inputs, options.importedInputs), options.deadline);
  const values = new Map<string, FeelValue>();
  for (const id of ids) {
    const value = session.decisionValue(compiled, id);
    values.set(compiled.compiledDecisions.get(id)?.node.name ?? id, value);
  }
  return { values, trace: session.trace };
}

export function invokeDecisionService(
  model: DmnModel,
  serviceName: string,
  inputs: ReadonlyMap<string, FeelValue>,
  options: { deadline?: number } = {},
): FeelValue {
  const compiled = internals(model);
  const service = [...compiled.compiledServices.values()].find(
    (s) => s.node.name === serviceName || s.node.id === serviceName,
  );
  if (!service)
    throw new DmnModelError([
      { element_id: null, element_name: serviceName, message: `no decision service named "${serviceName}"` },
    ]);
  return runService(compiled, service, inputs, options.deadline);
}

/** Declared type of an input data (for callers converting JSON). */
export function inputType(model: DmnModel, name: string): FeelType | null {
  const compiled = internals(model);
  for (const input of compiled.compiledInputs.values()) if (input.node.name === name) return input.type;
  return null;
}

export { FeelTimeoutError };
