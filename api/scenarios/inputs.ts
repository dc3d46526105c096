/**
 * Input preparation for a scenario run: what the client sent, checked against the model and completed (defaults,
 * central values of inputs given only as distributions, simulation settings) before anything is stored or started.
 */

import crypto from 'node:crypto';
import { validationFailed, type FieldError } from '../../core/app-error';
import { canonicalJson, sha256Hex } from '../../core/canonical-json';
import { isUnreleased, type RunnableModel } from '../../decision/catalogue';
import { centralValue, validateDistribution, type Distribution } from '../../decision/simulation';
import type { Note, ScalarValue } from '../../decision/types';
import type { AuditEvent, ScenarioRecord } from '../../db/records/scenario';
import { nextAuditEvent } from '../../db/repositories/scenarios';
import type { RequestContext } from '../context';
import type { ModelResolveOptions } from '../models/resolve-model';
import type { ModelService } from '../models/service';
import { INPUTS_BOUND_EVENT, type ResolvedBinding } from './bindings';

const DEFAULT_SIMULATION_RUNS = 1000;

export interface PreparedRun {
  model: RunnableModel;
  inputs: Record<string, ScalarValue>;
  uncertainty: Record<string, Distribution> | null;
  simulation: { runs: number; seed: number } | null;
  notes: Note[];
  defaultsApplied: string[];
  inputsSha256: string;
  /** The version is unreleased (its author's trial): the scenario is a draft run, never linkable to a decision option. */
  draftRun: boolean;
}

/** Everything a run needs, checked before anything is stored or started. Errors are 422s naming each field. */
export async function prepareRun(
  models: Pick<ModelService, 'resolve'>,
  { tenantId, actor }: Pick<RequestContext, 'tenantId' | 'actor'>,
  modelId: string,
  modelVersion: string | undefined,
  rawInputs: Record<string, unknown>,
  uncertainty: Record<string, Distribution> | null | undefined,
  simulation: { runs?: number; seed?: number } | null | undefined,
  placement: Pick<ModelResolveOptions, 'environment' | 'asOf' | 'asOfPointer'> = {},
): Promise<PreparedRun> {
  const model = await models.resolve(tenantId, modelId, modelVersion, {
    forRun: true,
    drafts: { authorId: actor.id },
    ...placement,
  });
  const errors: FieldError[] = [];
  const notes: Note[] = [];
  const inputs: Record<string, unknown> = { ...rawInputs };
  const properties = (model.inputSchema.properties ?? {}) as Record<string, { type?: string }>;
  if (uncertainty && Object.keys(uncertainty).length > 0) {
    for (const [name, distribution] of Object.entries(uncertainty)) {
      const type = properties[name]?.type;
      if (type !== 'number' && type !== 'integer') {
        errors.push({
          path: `/uncertainty/${name}`,
          message: properties[name] ? 'only numeric inputs can be uncertain' : 'is not an input of this model',
        });
        continue;
      }
      for (const message of validateDistribution(distribution)) errors.push({ path: `/uncertainty/${name}`, message });
      if (inputs[name] === undefined) {
        const central = centralValue(distribution);
        inputs[name] = type === 'integer' ? Math.round(central) : central;
        notes.push({
          kind: 'assumption',
          input: name,
          message: `"${name}" was given only as a distribution; the base run uses its central value ${inputs[name]}.`,
        });
      }
    }
  } else if (simulation) {
    errors.push({ path: '/simulation', message: 'needs "uncertainty": name the inputs to vary' });
  }
  const validation = model.validateInputs(inputs, 'scalar');
  if (!validation.valid) errors.push(...validation.errors);
  if (errors.length > 0) throw validationFailed(errors, 'The scenario is not valid for this model.');
  if (!validation.valid) throw new Error('unreachable');
  const hasUncertainty = uncertainty !== null && uncertainty !== undefined && Object.keys(uncertainty).length > 0;
  const simulationSettings = hasUncertainty
    ? { runs: simulation?.runs ?? DEFAULT_SIMULATION_RUNS, seed: simulation?.seed ?? crypto.randomInt(0, 2 ** 31) }
    : null;
  if (hasUncertainty) {
    notes.push({
      kind: 'info',
      message: `Monte Carlo simulation: ${simulationSettings?.runs} runs with seed ${simulationSettings?.seed}; the same seed reproduces the same results.`,
    });
  }
  return {
    model,
    inputs: validation.inputs,
    uncertainty: hasUncertainty ? (uncertainty as Record<string, Distribution>) : null,
    simulation: simulationSettings,
    notes: [...validation.notes, ...notes],
    defaultsApplied: validation.defaultsApplied,
    inputsSha256: sha256Hex(canonicalJson(validation.inputs)),
    draftRun: isUnreleased(model.versionStatus),
  };
}

/**
 * The first audit events of every run: the request that asked for it, the input bindings resolved for it (when any
 * input is bound to a dataset: the values and where in the data's history they came from), and the validation that
 * accepted it.
 */
export function acceptedEvents(
  context: RequestContext,
  prepared: PreparedRun,
  trail: AuditEvent[],
  runNumber: number,
  bindings: Record<string, ResolvedBinding> = {},
): AuditEvent[] {
  const received = nextAuditEvent(trail, {
    event: 'received',
    at: context.receivedAt,
    actor: context.actor,
    recorded_by: 'api',
    details: { request_id: context.requestId, run_number: runNumber },
  });
  const events = [received];
  if (Object.keys(bindings).length > 0) {
    events.push(
      nextAuditEvent([...trail, ...events], {
        event: INPUTS_BOUND_EVENT,
        at: new Date().toISOString(),
        actor: context.actor,
        recorded_by: 'api',
        details: { bindings },
      }),
    );
  }
  const validated = nextAuditEvent([...trail, ...events], {
    event: 'validated',
    at: new Date().toISOString(),
    actor: context.actor,
    recorded_by: 'api',
    details: {
      model_id: prepared.model.id,
      model_version: prepared.model.version,
      defaults_applied: prepared.defaultsApplied,
      inputs_sha256: prepared.inputsSha256,
    },
  });
  return [...events, validated];
}

/**
 * The inputs the client gave for a scenario's current run: the stored inputs less those the service filled in (model
 * defaults, central values of inputs given only as distributions). A PATCH merges onto these, so what was filled in is
 * filled in again for the new run — by the model version it then runs — and its notes stay true.
 */
export function clientInputsOf(current: ScenarioRecord): Record<string, unknown> {
  const uncertain = current.uncertainty ?? {};
  const filledIn = new Set(
    ((current.notes ?? []) as Note[])
      .filter(
        (note) =>
          note.input !== undefined &&
          (note.kind === 'default_applied' || (note.kind === 'assumption' && note.input in uncertain)),
      )
      .map((note) => note.input as string),
  );
  return Object.fromEntries(Object.entries(current.inputs).filter(([name]) => !filledIn.has(name)));
}

/**
 * `uncertainty` in a PATCH merges by input name: a distribution is one value, so a given one replaces that input's
 * distribution whole (merging the fields of a triangular into a normal would make neither), and `null` removes it.
 */
export function mergeUncertainty(
  current: Record<string, unknown> | null,
  patch: Record<string, Distribution | null> | null | undefined,
): Record<string, Distribution> | null {
  if (patch === undefined) return current as Record<string, Distribution> | null;
  if (patch === null) return null;
  const merged: Record<string, unknown> = { ...current };
  for (const [name, distribution] of Object.entries(patch)) {
    if (distribution === null) delete merged[name];
    else merged[name] = distribution;
  }
  return Object.keys(merged).length > 0 ? (merged as Record<string, Distribution>) : null;
}
