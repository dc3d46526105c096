/**
 * What a scenario run is given, completed against the model version it runs on: the client's inputs checked and
 * filled in (defaults, central values of inputs given only as distributions), the simulation settings. Pure: the
 * scenarios family's create and update, and the bulk retry of failed runs, resolve the version and call this.
 */

import crypto from 'node:crypto';
import { validationFailed, type FieldError } from '../core/app-error';
import { canonicalJson, sha256Hex } from '../core/canonical-json';
import { isUnreleased, type RunnableModel } from './catalogue';
import { centralValue, validateDistribution, type Distribution } from './simulation';
import type { Note, ScalarValue } from './types';

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

/** The run on this model version: errors are 422s naming each field. */
export function prepareRunOn(
  model: RunnableModel,
  rawInputs: Record<string, unknown>,
  uncertainty: Record<string, Distribution> | null | undefined,
  simulation: { runs?: number; seed?: number } | null | undefined,
): PreparedRun {
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
 * The inputs the client gave for a scenario's current run: the stored inputs less those the service filled in (model
 * defaults, central values of inputs given only as distributions). A PATCH merges onto these, so what was filled in is
 * filled in again for the new run — by the model version it then runs — and its notes stay true.
 */
export function clientInputsOf(current: {
  inputs: Record<string, unknown>;
  uncertainty: Record<string, unknown> | null;
  notes: unknown;
}): Record<string, unknown> {
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
