import type { FieldError } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import type { ScenarioSnapshot } from '../../db/records/decision';
import type { ScenarioRecord } from '../../db/records/scenario';
import { findScenarios } from '../../db/repositories/scenarios';
import type { TenantScope } from '../../db/tenant-scope';

/** The live state of each linked scenario, by id: absent when it was deleted (or never existed). */
export type CurrentRuns = Map<string, Pick<ScenarioRecord, 'run_number' | 'inputs_sha256'>>;

export function hasMovedOn(snapshot: ScenarioSnapshot, current: CurrentRuns): boolean {
  const now = current.get(snapshot.scenario_id);
  return !now || now.run_number !== snapshot.run_number || now.inputs_sha256 !== snapshot.inputs_sha256;
}

/** The current run of every scenario the decisions and evidence link, to tell whether each has moved on. */
export async function currentRuns(scope: TenantScope, snapshots: ScenarioSnapshot[]): Promise<CurrentRuns> {
  const ids = [...new Set(snapshots.map((s) => s.scenario_id))];
  if (ids.length === 0) return new Map();
  return new Map((await findScenarios(scope, ids)).map((s) => [s.id, s]));
}

export function freezeSnapshot(scenario: ScenarioRecord): ScenarioSnapshot {
  return {
    scenario_id: scenario.id,
    model_id: scenario.model_id,
    model_version: scenario.model_version,
    run_number: scenario.run_number,
    inputs_sha256: scenario.inputs_sha256,
    metrics: scenario.metrics ?? {},
    completed_at: (scenario.completed_at as Date).toISOString(),
    frozen_at: new Date().toISOString(),
  };
}

/**
 * Another tenant's scenario is looked up inside this tenant's scope, so it answers exactly like a missing one. A draft
 * run (its author's trial of an unreleased model version) is never a decision's option or evidence.
 */
export async function linkableScenarios(
  scope: TenantScope,
  links: Array<{ path: string; id: string }>,
  errors: FieldError[],
) {
  const ids = links.map((l) => l.id).filter((id) => isIdOf('scenario', id));
  const found = new Map((ids.length > 0 ? await findScenarios(scope, ids) : []).map((s) => [s.id, s]));
  for (const { path, id } of links) {
    const scenario = found.get(id);
    if (!scenario) errors.push({ path, message: `no scenario "${id}" exists` });
    else if (scenario.status !== 'completed')
      errors.push({ path, message: `is ${scenario.status}, not completed: only a completed run can be linked` });
    else if (scenario.draft_run) {
      errors.push({
        path,
        message: `is a draft run (version ${scenario.model_version} of ${scenario.model_id} was never published): only runs of released versions can be linked`,
      });
    }
  }
  return found;
}
