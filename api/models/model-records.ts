import { modelNotEditable } from '../../core/errors';
import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { findBuiltinModelById } from '../../decision/catalogue';
import { findModelVersion, findModelVersionState, findTenantModel } from '../../db/repositories/decision-models';
import type { TenantScope } from '../../db/tenant-scope';

const VERSION = /^[1-9][0-9]{0,8}$/;

/** The tenant's model with this id, or a 404 (a built-in id is not a tenant model). */
export async function requireTenantModel(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
  const model = isIdOf('model', id) ? await findTenantModel(scope, id, options) : undefined;
  if (!model) throw notFound('model', id);
  return model;
}

/** One version of the tenant's model, or a 404 naming it. */
export async function requireTenantVersion(
  scope: TenantScope,
  id: string,
  version: string,
  options: { forUpdate?: boolean } = {},
) {
  const found = VERSION.test(version) ? await findModelVersion(scope, id, Number(version), options) : undefined;
  if (!found) throw notFound('model version', `${id}@${version}`);
  return found;
}

/** One version's state without its content (a draft's checks before a write), or a 404 naming it. */
export async function requireTenantVersionState(
  scope: TenantScope,
  id: string,
  version: string,
  options: { forUpdate?: boolean } = {},
) {
  const found = VERSION.test(version) ? await findModelVersionState(scope, id, Number(version), options) : undefined;
  if (!found) throw notFound('model version', `${id}@${version}`);
  return found;
}

/** Built-in models ship with the service: no new versions, no deprecation. */
export function refuseBuiltin(id: string) {
  if (findBuiltinModelById(id)) {
    throw modelNotEditable(id);
  }
}
