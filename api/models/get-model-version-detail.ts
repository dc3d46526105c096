import { notFound } from '../../core/app-error';
import { findBuiltinModelById } from '../../decision/catalogue';
import type { JdmGraph } from '../../decision/jdm';
import { findModelVersion } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentVersion } from './presenter';
import { requireTenantModel } from './model-records';
import type { ModelUseCaseDeps } from './deps';

const VERSION = /^[1-9][0-9]{0,8}$/;

/**
 * One version of a tenant model as a reader reviews it: its lifecycle, its schemas and its JDM graph (decision tables,
 * expressions, switches) or its DMN model's outline (decisions, decision tables, literal expressions). A built-in model has no graph of its own to show: not found, like an unknown version.
 */
export async function getModelVersionDetail(
  { db, sandbox }: ModelUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  version: string,
) {
  if (findBuiltinModelById(id)) throw notFound('model version', `${id}@${version}`);
  const { model, record } = await inTenantTransaction(db, tenantId, async (scope) => {
    const model = await requireTenantModel(scope, id);
    const record = VERSION.test(version) ? await findModelVersion(scope, id, Number(version)) : undefined;
    if (!record) throw notFound('model version', `${id}@${version}`);
    return { model, record };
  });
  return {
    ...presentVersion(id, record),
    published_version: model.published_version === null ? null : String(model.published_version),
    graph: record.graph as JdmGraph | null,
    // Read in the sandbox, off the event loop: a 4 MiB model's XML takes about a second.
    dmn: record.format === 'dmn' ? await sandbox.run('dmnOutline', { xml: record.dmn ?? '' }) : null,
  };
}
