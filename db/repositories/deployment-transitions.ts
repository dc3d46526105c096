import type { Actor } from '../../core/actor';
import { versionInEffect } from '../../core/deployment-timeline';
import { newId } from '../../core/ids';
import type { DecisionModelRecord } from '../records/decision-model';
import { ModelReleaseRecord } from '../records/decision-model';
import { insertScoped, type TenantScope } from '../tenant-scope';
import { noteAuditRecord, noteEvent } from './deferred-appends';
import { findTenantModel, updateModelVersion, updateTenantModel } from './decision-models';
import { recordEvent } from './events';
import {
  findActiveDeployments,
  findActiveDeploymentsOf,
  findDeployment,
  findDeploymentsForUpdate,
  findEnvironment,
  findTimeline,
  listEnvironments,
  updateDeployment,
  type DeploymentRow,
  type EnvironmentRow,
} from './model-deployments';
import { recordVersionTransition } from './model-version-transitions';

/** The environment every caller that names none gets; it cannot be archived or renamed. */
export const DEFAULT_ENVIRONMENT = 'production';

const SYSTEM_ACTOR: Actor = { type: 'system', id: 'deployment-schedule' };

type DeploymentAction =
  | 'model.deployment.requested'
  | 'model.deployment.scheduled'
  | 'model.deployment.activated'
  | 'model.deployment.cancelled'
  | 'model.deployment.ended'
  | 'model.deployment.rejected';

/** Deployment audit actions that are platform events as well. */
const EVENTED = new Set<DeploymentAction>([
  'model.deployment.scheduled',
  'model.deployment.activated',
  'model.deployment.cancelled',
  'model.deployment.ended',
]);

/** A deployment as events and audit records carry it. */
export function deploymentPayload(deployment: DeploymentRow, environment: Pick<EnvironmentRow, 'id' | 'name'>) {
  return {
    id: deployment.id,
    environment: { id: environment.id, name: environment.name },
    version: String(deployment.version),
    status: deployment.status,
    kind: deployment.kind,
    effective_from: deployment.effective_from?.toISOString() ?? null,
    effective_until: deployment.effective_until?.toISOString() ?? null,
    time_zone: deployment.time_zone,
    decision_id: deployment.decision_id,
  };
}

/** One step of a deployment: its event (when it is one) and its audit record (resource: the model), in the caller's transaction. */
export async function recordDeploymentStep(
  scope: TenantScope,
  action: DeploymentAction,
  step: {
    model: Pick<DecisionModelRecord, 'id' | 'name'>;
    deployment: DeploymentRow;
    environment: Pick<EnvironmentRow, 'id' | 'name'>;
    actor: Actor;
    replacedVersion?: number | null;
  },
): Promise<void> {
  const deployment = {
    ...deploymentPayload(step.deployment, step.environment),
    ...(step.replacedVersion !== undefined
      ? { replaced_version: step.replacedVersion === null ? null : String(step.replacedVersion) }
      : {}),
  };
  if (EVENTED.has(action))
    await noteEvent(scope, action, {
      model: { id: step.model.id, name: step.model.name },
      deployment,
      actor: step.actor,
    });
  await noteAuditRecord(scope, {
    actor: step.actor,
    action,
    resourceType: 'model',
    resourceId: step.model.id,
    payload: { deployment },
  });
}

/**
 * What a transaction recording a batch of switches (the deployment clock's) reads once for all of them instead of
 * once per switch: the models it locked, their deployments due (locked after them, the order every switch takes),
 * the deployments active now in each model's environments (locked), the tenant's environments (no switch changes
 * one) and the database's clock, read after the locks. A model's rows serve only the first switch of that model in
 * the batch (`claim`): a later one of the same model reads afresh what the first changed.
 */
export interface SwitchBatch {
  now: Date;
  environments: Map<string, EnvironmentRow>;
  claim(
    deploymentId: string,
  ): { model: DecisionModelRecord; deployment: DeploymentRow; active: DeploymentRow[] } | undefined;
}

export async function prepareSwitchBatch(
  scope: TenantScope,
  models: ReadonlyMap<string, DecisionModelRecord>,
  deploymentIds: readonly string[],
): Promise<SwitchBatch> {
  const deployments = new Map(
    (await findDeploymentsForUpdate(scope, deploymentIds))
      .filter((row) => models.has(row.model_id))
      .map((row) => [row.id, row] as const),
  );
  const active = await findActiveDeploymentsOf(scope, [...models.keys()]);
  const environments = new Map((await listEnvironments(scope)).map((row) => [row.id, row] as const));
  const now = await clockNow(scope);
  const claimed = new Set<string>();
  return {
    now,
    environments,
    claim(deploymentId) {
      const deployment = deployments.get(deploymentId);
      const model = deployment ? models.get(deployment.model_id) : undefined;
      if (!deployment || !model || claimed.has(model.id)) return undefined;
      claimed.add(model.id);
      return { model, deployment, active: active.filter((row) => row.model_id === model.id) };
    },
  };
}

/**
 * A deployment with its model locked first (the order every switch, promotion and cancellation takes: the model,
 * then the deployment), read again under the lock. One already past the statuses the switch starts from (no status
 * comes back) is answered as read, without waiting for the model's lock — which a batch of switches may hold: a
 * thousand timers firing at the instant the deployment clock records them.
 */
async function lockDeployment(
  scope: TenantScope,
  deploymentId: string,
  startsFrom: readonly string[],
  batch: SwitchBatch | undefined,
): Promise<{ model?: DecisionModelRecord; deployment: DeploymentRow; active?: DeploymentRow[] } | undefined> {
  const prefetched = batch?.claim(deploymentId);
  if (prefetched) return prefetched;
  const initial = await findDeployment(scope, deploymentId);
  if (!initial) return undefined;
  if (!startsFrom.includes(initial.status)) return { model: undefined, deployment: initial };
  const model = (await findTenantModel(scope, initial.model_id, { forUpdate: true })) as DecisionModelRecord;
  const deployment = (await findDeployment(scope, deploymentId, { forUpdate: true })) as DeploymentRow;
  return { model, deployment };
}

/**
 * Puts a deployment in effect, in the caller's transaction (under the model's lock): an immediate one from now
 * (`clock_timestamp()` read after the lock, so a later switch always starts later), a scheduled one from its own
 * instant (it has been in effect since then: runs resolve by the instant, this only records it). The environment's
 * previous active deployment becomes `superseded`; a release record is written; in the default environment the version
 * becomes the model's published version as before environments (the previous one retired), with the same events.
 */
export async function activateDeployment(
  scope: TenantScope,
  deploymentId: string,
  actor: Actor = SYSTEM_ACTOR,
  batch?: SwitchBatch,
): Promise<{ applied: boolean; deployment: DeploymentRow | undefined }> {
  const locked = await lockDeployment(scope, deploymentId, ['pending_review', 'scheduled'], batch);
  if (!locked) return { applied: false, deployment: undefined };
  if (!locked.model) return { applied: false, deployment: locked.deployment };
  const { model, deployment } = locked;
  if (deployment.status !== 'pending_review' && deployment.status !== 'scheduled')
    return { applied: false, deployment };
  const immediate = deployment.status === 'pending_review' || deployment.effective_from === null;
  const environment = await environmentOf(scope, deployment, batch);
  // The batch's clock serves only its scheduled switches: an immediate one reads it after its own lock.
  const now = batch && !immediate ? batch.now : await clockNow(scope);
  if (!immediate && (deployment.effective_from as Date).getTime() > now.getTime())
    return { applied: false, deployment };
  const previous = (
    locked.active?.filter((row) => row.environment_id === environment.id) ??
    (await findActiveDeployments(scope, model.id, environment.id))
  ).filter((row) => row.id !== deployment.id);
  const replaced = previous[0]?.version ?? null;
  for (const row of previous) await updateDeployment(scope, row.id, { status: 'superseded' });
  const release = await insertScoped(scope, ModelReleaseRecord, {
    id: newId('modelRelease'),
    model_id: model.id,
    version: deployment.version,
    replaced_version: replaced,
    kind: deployment.kind === 'rollback' ? 'rollback' : deployment.kind === 'review' ? 'review' : 'promotion',
    reason: deployment.reason,
    decision_id: deployment.decision_id,
    released_by: deployment.approved_by ?? deployment.requested_by,
    released_at: now,
    environment_id: environment.id,
  });
  const activated = await updateDeployment(scope, deployment.id, {
    status: 'active',
    activated_at: now,
    release_id: release.id,
    ...(immediate ? { effective_from: now } : {}),
  });
  if (environment.name === DEFAULT_ENVIRONMENT) await publishInDefault(scope, model, activated, release, actor);
  await recordDeploymentStep(scope, 'model.deployment.activated', {
    model,
    deployment: activated,
    environment,
    actor,
    replacedVersion: replaced,
  });
  return { applied: true, deployment: activated };
}

/** In the default environment a deployment is what "published" meant before environments: kept so, with its events. */
async function publishInDefault(
  scope: TenantScope,
  model: DecisionModelRecord,
  deployment: DeploymentRow,
  release: ModelReleaseRecord,
  actor: Actor,
): Promise<void> {
  const replaced = model.published_version;
  const transition = { model, actor, decisionId: deployment.decision_id, comment: null, release };
  const now = deployment.activated_at ?? new Date();
  if (replaced !== null && replaced !== deployment.version) {
    const retired = await updateModelVersion(scope, model.id, replaced, { status: 'retired', retired_at: now });
    await recordVersionTransition(scope, 'model.version.retired', { ...transition, version: retired });
  }
  const published = await updateModelVersion(scope, model.id, deployment.version, {
    status: 'published',
    published_at: now,
    retired_at: null,
    updated_by: deployment.approved_by ?? deployment.requested_by,
  });
  await updateTenantModel(scope, model.id, { published_version: deployment.version });
  await recordVersionTransition(scope, 'model.version.published', { ...transition, version: published });
}

/**
 * Records that a deployment's `effective_until` passed: it is `ended`, and whatever is in effect in its environment
 * now (the deployment beneath it, or none when the environment refuses to fall back) is marked `active`.
 */
export async function endDeployment(
  scope: TenantScope,
  deploymentId: string,
  actor: Actor = SYSTEM_ACTOR,
  batch?: SwitchBatch,
): Promise<{ applied: boolean; deployment: DeploymentRow | undefined }> {
  const locked = await lockDeployment(scope, deploymentId, ['active', 'superseded', 'scheduled'], batch);
  if (!locked) return { applied: false, deployment: undefined };
  if (!locked.model) return { applied: false, deployment: locked.deployment };
  const { model, deployment } = locked;
  const now = batch?.now ?? (await clockNow(scope));
  if (
    !['active', 'superseded', 'scheduled'].includes(deployment.status) ||
    deployment.effective_until === null ||
    deployment.effective_until.getTime() > now.getTime()
  )
    return { applied: false, deployment };
  const environment = await environmentOf(scope, deployment, batch);
  const ended = await updateDeployment(scope, deployment.id, { status: 'ended', ended_at: now });
  const inEffect = versionInEffect(
    await findTimeline(scope, model.id),
    environment.id,
    now.getTime(),
    environment.on_deployment_end,
  );
  let serving: number | null = null;
  if (inEffect.found) {
    serving = inEffect.entry.version;
    const beneath = await findDeployment(scope, inEffect.entry.id, { forUpdate: true });
    if (beneath && beneath.status !== 'active') await updateDeployment(scope, beneath.id, { status: 'active' });
  }
  if (environment.name === DEFAULT_ENVIRONMENT && model.published_version !== serving) {
    const transition = { model, actor, decisionId: deployment.decision_id, comment: null };
    if (model.published_version !== null) {
      const retired = await updateModelVersion(scope, model.id, model.published_version, {
        status: 'retired',
        retired_at: now,
      });
      await recordVersionTransition(scope, 'model.version.retired', { ...transition, version: retired });
    }
    if (serving !== null) {
      const published = await updateModelVersion(scope, model.id, serving, { status: 'published', retired_at: null });
      await recordVersionTransition(scope, 'model.version.published', { ...transition, version: published });
    }
    await updateTenantModel(scope, model.id, { published_version: serving });
  }
  await recordDeploymentStep(scope, 'model.deployment.ended', {
    model,
    deployment: ended,
    environment,
    actor,
    replacedVersion: serving,
  });
  return { applied: true, deployment: ended };
}

/**
 * A deployment that will not take effect: cancelled by a person before its instant, or its review rejected or
 * withdrawn (`rejected`). Only one waiting for its review or its instant can be; the caller checks the instant.
 */
export async function stopDeployment(
  scope: TenantScope,
  deployment: DeploymentRow,
  outcome: 'cancelled' | 'rejected',
  actor: Actor,
): Promise<DeploymentRow> {
  const model = (await findTenantModel(scope, deployment.model_id)) as DecisionModelRecord;
  const environment = (await findEnvironment(scope, deployment.environment_id)) as EnvironmentRow;
  const stopped = await updateDeployment(scope, deployment.id, {
    status: outcome,
    cancelled_at: new Date(),
    cancelled_by: actor,
  });
  await recordDeploymentStep(
    scope,
    outcome === 'cancelled' ? 'model.deployment.cancelled' : 'model.deployment.rejected',
    {
      model,
      deployment: stopped,
      environment,
      actor,
    },
  );
  // A promotion a review rejects never reached its timer, but subscribers learn it will not happen.
  if (outcome === 'rejected')
    await recordEvent(scope, 'model.deployment.cancelled', {
      model: { id: model.id, name: model.name },
      deployment: deploymentPayload(stopped, environment),
      actor,
    });
  return stopped;
}

/** A deployment's environment: the batch's copy when there is one. */
async function environmentOf(
  scope: TenantScope,
  deployment: DeploymentRow,
  batch: SwitchBatch | undefined,
): Promise<EnvironmentRow> {
  return (batch?.environments.get(deployment.environment_id) ??
    (await findEnvironment(scope, deployment.environment_id))) as EnvironmentRow;
}

export async function clockNow(scope: TenantScope): Promise<Date> {
  const result = await scope.trx.raw<{ rows: Array<{ now: Date }> }>('select clock_timestamp() as now');
  return (result.rows[0] as { now: Date }).now;
}
