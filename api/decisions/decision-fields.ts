// The fields that creating and editing a decision both check and store.
import type { FieldError } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import type { DecisionOption, ScenarioSnapshot } from '../../db/records/decision';
import { isTenantMember } from '../../db/repositories/decisions';
import type { TenantScope } from '../../db/tenant-scope';
import type { DecisionOptionsItem } from '../openapi/request-types.generated';
import { freezeSnapshot, linkableScenarios } from './scenario-snapshots';

/** An option as a create or an edit gives it (the document's DecisionOptionsItem). */
export type OptionInput = DecisionOptionsItem;

/** Builds the stored options; a scenario the decision already links keeps the snapshot it was frozen with. */
export async function prepareOptions(
  scope: TenantScope,
  input: OptionInput[],
  previous: DecisionOption[],
  errors: FieldError[],
): Promise<DecisionOption[]> {
  const kept = new Map(
    previous
      .filter((o) => o.scenario_snapshot)
      .map((o) => [o.scenario_id as string, o.scenario_snapshot as ScenarioSnapshot]),
  );
  const toFreeze = input.flatMap((option, index) =>
    option.scenario_id && !kept.has(option.scenario_id)
      ? [{ path: `/options/${index}/scenario_id`, id: option.scenario_id }]
      : [],
  );
  const found = await linkableScenarios(scope, toFreeze, errors);
  return input.map((option, index) => {
    const scenarioId = option.scenario_id ?? null;
    const scenario = scenarioId ? found.get(scenarioId) : undefined;
    return {
      id: `opt_${index + 1}`,
      label: option.label,
      description: option.description ?? '',
      scenario_id: scenarioId,
      scenario_snapshot: scenarioId
        ? (kept.get(scenarioId) ?? (scenario?.status === 'completed' ? freezeSnapshot(scenario) : null))
        : null,
    };
  });
}

export async function checkOwner(scope: TenantScope, ownerId: string | null | undefined, errors: FieldError[]) {
  if (!ownerId) return;
  if (!isIdOf('user', ownerId) || !(await isTenantMember(scope, ownerId)))
    errors.push({ path: '/owner_id', message: `no member "${ownerId}" in this tenant` });
}

export function checkChosen(chosen: string | null | undefined, options: DecisionOption[], errors: FieldError[]) {
  if (chosen && !options.some((o) => o.id === chosen))
    errors.push({ path: '/chosen_option', message: `names no option (there are ${options.length})` });
}

/** Outcome review dates as stored: RFC 3339 in UTC, ascending, each once. */
export function normaliseReviewDates(dates: string[]): string[] {
  return [...new Set(dates.map((d) => new Date(d).toISOString()))].sort();
}

/** How the audit log records options: the frozen run is named by its number and inputs hash, not copied whole. */
export function auditedOptions(options: DecisionOption[]) {
  return options.map(({ scenario_snapshot: snapshot, ...option }) => ({
    ...option,
    scenario_run: snapshot ? { run_number: snapshot.run_number, inputs_sha256: snapshot.inputs_sha256 } : null,
  }));
}
