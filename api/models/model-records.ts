import { modelNotEditable } from '../../core/errors';
import { notFound } from '../../core/app-error';
import type { Actor } from '../../core/actor';
import { isIdOf } from '../../core/ids';
import { findBuiltinModelById } from '../../decision/catalogue';
import type { DecisionModelRecord, ModelVersionRecord } from '../../db/records/decision-model';
import { findTenantModel } from '../../db/repositories/decision-models';
import type { TenantScope } from '../../db/tenant-scope';
import { recordEvent } from '../../db/repositories/events';

/** The tenant's model with this id, or a 404 (a built-in id is not a tenant model). */
export async function requireTenantModel(scope: TenantScope, id: string) {
  const model = isIdOf('model', id) ? await findTenantModel(scope, id) : undefined;
  if (!model) throw notFound('model', id);
  return model;
}

/** Built-in models ship with the service: no new versions, no deprecation. */
export function refuseBuiltin(id: string) {
  if (findBuiltinModelById(id)) {
    throw modelNotEditable(id);
  }
}

/** Records `model.version.created` for a new model or a new version of one. */
export async function recordVersionCreated(scope: TenantScope, model: DecisionModelRecord, version: ModelVersionRecord, actor: Actor) {
  await recordEvent(scope, 'model.version.created', {
    model: { id: model.id, name: model.name },
    version: { version: String(version.version), graph_sha256: version.graph_sha256, created_at: version.created_at.toISOString() },
    actor,
  });
}
