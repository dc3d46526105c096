import { canonicalJson, sha256Hex } from '../../core/canonical-json';
import type { RunFailureCode } from '../../core/errors';
import type { RunnableModel } from '../../decision/catalogue';
import { runSimulation, runSimulationAsync, type Distribution } from '../../decision/simulation';
import type { ModelInputs, ModelResult } from '../../decision/types';

export interface ExecutedModel {
  result: ModelResult & { simulation: Record<string, unknown> | null };
  durationMs: number;
  inputsSha256: string;
}

/** A model run that failed for a reason a retry cannot fix: the model itself threw on these inputs. */
/** Why a stored run's model no longer resolves, as a run failure code (runs always name their exact version). */
export function unresolvedRunCode(
  reason: 'model_not_found' | 'version_not_found' | 'nothing_published',
): 'model_not_found' | 'version_not_found' {
  return reason === 'model_not_found' ? reason : 'version_not_found';
}

export class ModelRunError extends Error {
  constructor(
    message: string,
    readonly code: Exclude<RunFailureCode, 'run_not_executed'>,
  ) {
    super(message);
    this.name = 'ModelRunError';
  }
}

export function inputsSha256(inputs: ModelInputs): string {
  return sha256Hex(canonicalJson(inputs));
}

/**
 * Runs a model once (or, with uncertainty, as a seeded Monte Carlo simulation around the given inputs). Any
 * exception from the model is deterministic for these inputs, so it becomes a ModelRunError (not retried).
 */
export async function executeModel(
  model: RunnableModel,
  inputs: ModelInputs,
  uncertainty: Record<string, Distribution> | null,
  simulation: { runs: number; seed: number } | null,
): Promise<ExecutedModel> {
  const started = performance.now();
  try {
    const base = await model.evaluate(inputs);
    let simulated: Record<string, unknown> | null = null;
    if (uncertainty && simulation) {
      const options = { baseInputs: inputs, uncertainty, runs: simulation.runs, seed: simulation.seed };
      // Built-in models evaluate synchronously, which is several times faster over thousands of runs.
      simulated = model.evaluateSync
        ? { ...runSimulation({ ...options, evaluate: model.evaluateSync }) }
        : { ...(await runSimulationAsync({ ...options, evaluate: model.evaluate })) };
    }
    return {
      result: { ...base, simulation: simulated },
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
      inputsSha256: inputsSha256(inputs),
    };
  } catch (error) {
    if (error instanceof ModelRunError) throw error;
    throw new ModelRunError(error instanceof Error ? error.message : String(error), 'model_execution_failed');
  }
}
