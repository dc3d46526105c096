import {
  compileDmn,
  deriveSchemas,
  evaluateDmn,
  inputsFromJson,
  readDmnImports,
  type DmnModel,
  type DmnTraceStep,
} from './dmn';
import { toJson } from './feel';
import type { FeelValue } from './feel/types';
import { readDmnOutline, type DmnOutline } from './dmn-outline';
import type { DmnSource } from './dmn-source';
import { hitsOfTrace, type EvaluationHit, type EvaluationTraceStep } from './evaluation-trace';
import type { JdmGraph } from './jdm';
import { outputMetrics } from './jdm';
import type { DecisionStructure, MetricValue, ModelInputs, ModelResult, Note } from './types';

/**
 * A stored DMN version compiled and run: the glue between the service's model contract (JSON inputs, metrics, a
 * decision structure, an evaluate endpoint's outputs and trace) and the DMN engine (decision/dmn). Pure; the
 * expression sandbox calls it for tenant models, the catalogue in-process where no sandbox is wired.
 */
export interface CompiledDmnSource {
  model: DmnModel;
  outline: DmnOutline;
}

/** The engine could not evaluate the model on these inputs: one item's failure, not the service's. */
export class DmnRunError extends Error {
  constructor(
    message: string,
    readonly decisionId?: string,
  ) {
    super(message);
    this.name = 'DmnRunError';
  }
}

export const DMN_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The model's derived schemas (see the engine's deriveSchemas), with the input data of the models it imports
 * directly as `importName.inputName` inputs, as the engine takes them (DMN 1.5 §6.3.3).
 */
export function deriveSchemasWithImports(
  xml: string,
  imports: ReadonlyArray<{ namespace: string; xml: string }>,
  model: DmnModel,
) {
  const schemas = deriveSchemas(model);
  const bundle = new Map(imports.map((entry) => [entry.namespace, entry.xml]));
  const properties = { ...((schemas.input_schema.properties ?? {}) as Record<string, unknown>) };
  for (const ref of readDmnImports(xml)) {
    const importedXml = bundle.get(ref.namespace);
    if (importedXml === undefined || ref.name === '') continue;
    const imported = deriveSchemas(compileDmnWithImports(importedXml, imports)).input_schema.properties as
      Record<string, unknown> | undefined;
    for (const [name, schema] of Object.entries(imported ?? {})) properties[`${ref.name}.${name}`] = schema;
  }
  return { ...schemas, input_schema: { ...schemas.input_schema, properties } };
}

/**
 * Compiles a model with its imports: each imported namespace compiled first (with its own imports, from the same
 * bundle), once. A namespace the bundle lacks is left for the engine to report.
 */
export function compileDmnWithImports(
  xml: string,
  imports: ReadonlyArray<{ namespace: string; xml: string }>,
): DmnModel {
  const bundle = new Map(imports.map((entry) => [entry.namespace, entry.xml]));
  const compiled = new Map<string, DmnModel>();
  const compiling = new Set<string>();
  const compileOne = (text: string): DmnModel => {
    const resolved = new Map<string, DmnModel>();
    for (const ref of readDmnImports(text)) {
      const importedXml = bundle.get(ref.namespace);
      if (importedXml === undefined || compiling.has(ref.namespace)) continue;
      let model = compiled.get(ref.namespace);
      if (!model) {
        compiling.add(ref.namespace);
        model = compileOne(importedXml);
        compiling.delete(ref.namespace);
        compiled.set(ref.namespace, model);
      }
      resolved.set(ref.namespace, model);
    }
    return compileDmn(text, { imports: resolved, maxBytes: DMN_MAX_BYTES });
  };
  return compileOne(xml);
}

export function compileDmnSource(source: DmnSource): CompiledDmnSource {
  return { model: compileDmnWithImports(source.xml, source.imports), outline: readDmnOutline(source.xml) };
}

/** A FEEL value as JSON (see decision/feel's toJson); anything it cannot convert (a function) as its text. */
export function feelToJson(value: unknown): unknown {
  try {
    return toJson(value as FeelValue);
  } catch {
    return String(value);
  }
}

export interface DmnRun {
  /** Per decision evaluated, by name: its value as JSON. */
  outputs: Record<string, unknown>;
  trace: DmnTraceStep[];
}

/** Evaluates the model's decisions (all, or those named) on JSON inputs already checked against its input schema. */
export function evaluateDmnSource(
  compiled: CompiledDmnSource,
  inputs: ModelInputs,
  options: { decisions?: string[] } = {},
): DmnRun {
  const { model } = compiled;
  const converted = inputsFromJson(model, inputs);
  if (converted.problems.length > 0) {
    throw new DmnRunError(
      converted.problems.map((problem) => `input "${problem.input}": ${problem.message}`).join('; '),
    );
  }
  let evaluation;
  try {
    evaluation = evaluateDmn(model, converted.inputs, options.decisions ? { decisions: options.decisions } : {});
  } catch (error) {
    throw new DmnRunError(error instanceof Error ? error.message : String(error));
  }
  const wanted = options.decisions ? new Set(options.decisions) : undefined;
  const outputs: Record<string, unknown> = {};
  for (const decision of model.decisions) {
    if (wanted && !wanted.has(decision.name)) continue;
    const value = evaluation.values.has(decision.name)
      ? evaluation.values.get(decision.name)
      : evaluation.values.get(decision.id);
    outputs[decision.name] = value === undefined ? null : feelToJson(value);
  }
  // Trace outputs are FEEL values, as JSON here. The engine numbers rules from 1, as DMN tools show them; the
  // service's traces (JDM's too) count positions from 0.
  const trace = evaluation.trace.map((step) => ({
    ...step,
    output: feelToJson(step.output),
    ...(step.matched_rules
      ? { matched_rules: step.matched_rules.map((rule) => ({ index: rule.index - 1, id: rule.id })) }
      : {}),
  }));
  return { outputs, trace };
}

/** The engine's trace as the evaluate endpoint's trace steps: per decision its kind, output and matched rules. */
export function describeDmnRun(
  run: DmnRun,
  withTrace: boolean,
  withHits = false,
): { outputs: Record<string, unknown>; trace?: EvaluationTraceStep[]; hits?: EvaluationHit[] } {
  if (!withTrace && !withHits) return { outputs: run.outputs };
  const trace = run.trace.map((step): EvaluationTraceStep => ({
    node_id: step.decision_id,
    name: step.decision_name,
    kind: step.expression_kind,
    output: step.output,
    ...(step.hit_policy !== undefined ? { hit_policy: step.hit_policy } : {}),
    ...(step.matched_rules !== undefined ? { matched_rules: step.matched_rules } : {}),
  }));
  if (!withTrace) return { outputs: run.outputs, hits: hitsOfTrace(trace) };
  return { outputs: run.outputs, trace, ...(withHits ? { hits: hitsOfTrace(trace) } : {}) };
}

function ruleLabel(
  rule: { id: string | null; description: string | null; annotationEntries: string[] },
  index: number,
): string {
  return rule.description ?? (rule.annotationEntries.find((entry) => entry.trim() !== '') || `rule ${index + 1}`);
}

/**
 * A scenario's result: metrics are the decisions' scalar outputs by name (contexts flattened `Decision.field`,
 * booleans "true"/"false", as JDM outputs are); lists and full values stay in the decision structure, whose
 * derivation has one step per decision evaluated and whose alternatives are the decision tables' rules.
 */
export function dmnResultToModelResult(compiled: CompiledDmnSource, run: DmnRun): ModelResult {
  const notes: Note[] = [
    { kind: 'info', message: `Evaluated as a DMN ${compiled.model.dmnVersion} model ("${compiled.model.name}").` },
  ];
  const metrics: Record<string, MetricValue> = outputMetrics(run.outputs);
  const lists = Object.entries(run.outputs)
    .filter(([, value]) => Array.isArray(value))
    .map(([name]) => name);
  if (lists.length > 0)
    notes.push({
      kind: 'info',
      message: `Decisions whose value is a list, not reported as metrics (see decision_structure.details.output): ${lists.join(', ')}.`,
    });
  const nulls = Object.entries(run.outputs)
    .filter(([, value]) => value === null)
    .map(([name]) => name);
  if (nulls.length > 0)
    notes.push({
      kind: 'warning',
      message: `Decisions with no value (null), not reported as metrics: ${nulls.join(', ')}.`,
    });

  const steps = new Map(run.trace.map((step) => [step.decision_id, step]));
  const alternatives: DecisionStructure['alternatives'] = [];
  const criteria: DecisionStructure['criteria'] = [];
  for (const decision of compiled.outline.decisions) {
    const table = decision.table;
    if (!table) continue;
    const step = steps.get(decision.id);
    const matched = step?.matched_rules ? new Set(step.matched_rules.map((rule) => rule.index)) : undefined;
    if (step && matched?.size === 0)
      notes.push({ kind: 'warning', message: `Decision table "${decision.name}" matched no rule.` });
    table.inputs.forEach((input, index) =>
      criteria.push({ id: `${decision.id}/${input.id ?? index}`, label: input.label }),
    );
    table.rules.forEach((rule, index) => {
      const values: Record<string, MetricValue> = {};
      table.inputs.forEach(
        (input, column) => (values[input.label || `input ${column + 1}`] = rule.inputEntries[column] ?? ''),
      );
      table.outputs.forEach((output, column) => {
        const key =
          output.name || output.label || (table.outputs.length === 1 ? decision.name : `output ${column + 1}`);
        values[Object.hasOwn(values, key) ? `${key} (output)` : key] = rule.outputEntries[column] ?? '';
      });
      const alternative: DecisionStructure['alternatives'][number] = {
        id: `${decision.id}/${rule.id ?? String(index + 1)}`,
        label: `${decision.name}: ${ruleLabel(rule, index)}`,
        values,
      };
      if (matched) alternative.chosen = matched.has(index);
      alternatives.push(alternative);
    });
  }
  const kinds = new Map(compiled.outline.decisions.map((decision) => [decision.id, decision]));
  const derivation: DecisionStructure['derivation'] = run.trace.map((step) => {
    const outline = kinds.get(step.decision_id);
    const matched = step.matched_rules?.map((rule) => rule.id ?? `#${rule.index + 1}`).join(', ');
    const formula =
      outline?.kind === 'literalExpression' && outline.text !== undefined
        ? outline.text
        : step.matched_rules !== undefined
          ? `decision table (hit policy ${step.hit_policy ?? outline?.table?.hitPolicy ?? 'UNIQUE'}): ${matched ? `matched ${matched}` : 'no rule matched'}`
          : step.expression_kind;
    const value = outputMetrics({ [step.decision_name]: step.output });
    const scalar = value[step.decision_name];
    return {
      step: `${step.decision_name} (${step.expression_kind})`,
      formula,
      value: scalar !== undefined && Object.keys(value).length === 1 ? scalar : value,
    };
  });
  return {
    metrics,
    decision_structure: {
      alternatives,
      criteria,
      derivation,
      details: {
        model: {
          namespace: compiled.model.namespace,
          name: compiled.model.name,
          dmn_version: compiled.model.dmnVersion,
        },
        decisions: compiled.outline.decisions.map((decision) => ({
          id: decision.id,
          name: decision.name,
          kind: decision.kind,
        })),
        output: run.outputs,
        trace: run.trace,
      },
    },
    notes,
    hits: describeDmnRun(run, false, true).hits ?? [],
  };
}

/**
 * The decision tables of a DMN model in the shape a test suite's coverage reads (see suiteCoverage): one
 * decision-table node per table, keyed by decision id, its rules by position and id.
 */
export function dmnCoverageGraph(outline: DmnOutline): JdmGraph {
  const nodes = outline.decisions.flatMap((decision) =>
    decision.table
      ? [
          {
            id: decision.id,
            name: decision.name,
            type: 'decisionTableNode' as const,
            content: {
              hitPolicy: 'first' as const,
              inputs: [],
              outputs: [],
              rules: decision.table.rules.map((rule, index) => {
                const description = rule.description ?? rule.annotationEntries.find((entry) => entry.trim() !== '');
                return {
                  ...(rule.id !== null ? { _id: rule.id } : {}),
                  ...(description ? { _description: description } : { _description: `rule ${index + 1}` }),
                };
              }),
            },
          },
        ]
      : [],
  );
  return { nodes, edges: [] };
}
