/**
 * Input preparation for a scenario run: what the client sent, checked against the model and completed (defaults,
 * central values of inputs given only as distributions, simulation settings) before anything is stored or started.
 */

import { prepareRunOn, type PreparedRun } from '../../decision/scenario-run-inputs';
import type { Distribution } from '../../decision/simulation';
import type { AuditEvent } from '../../db/records/scenario';
import { nextAuditEvent } from '../../db/repositories/scenarios';
import type { RequestContext } from '../context';
import type { ModelResolveOptions } from '../models/resolve-model';
import type { ModelService } from '../models/service';
import { INPUTS_BOUND_EVENT, type ResolvedBinding } from './bindings';

export type { PreparedRun } from '../../decision/scenario-run-inputs';

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
  return prepareRunOn(model, rawInputs, uncertainty, simulation);
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

export { clientInputsOf } from '../../decision/scenario-run-inputs';

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
