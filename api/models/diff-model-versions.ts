import { validationFailed } from '../../core/app-error';
import { diffInputSchemas, diffOutputSchemas } from '../../decision/model-diff';
import { diffModelContents } from '../../decision/dmn-diff';
import { findModelVersion } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { refuseBuiltin, requireTenantModel, requireTenantVersion } from './model-records';
import type { ModelUseCaseDeps } from './deps';

const VERSION = /^[1-9][0-9]{0,8}$/;

/**
 * `GET /models/{id}/versions/{version}/diff`: what a version changes against another (default: the published version), node
 * by node (DMN: decision by decision) and rule by rule, with its input and output schema changes classified as breaking or not.
 */
export async function diffModelVersions(
  { db, sandbox }: ModelUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  version: string,
  against: string | undefined,
) {
  refuseBuiltin(id);
  const { previous, current } = await inTenantTransaction(db, tenantId, async (scope) => {
    const model = await requireTenantModel(scope, id);
    const current = await requireTenantVersion(scope, id, version);
    // By default a version is reviewed against what is live; the published version itself, against the one before it.
    const live = model.published_version;
    const baseline =
      against ??
      (live !== null && live !== current.version
        ? String(live)
        : current.version > 1
          ? String(current.version - 1)
          : undefined);
    if (baseline === undefined)
      throw validationFailed([
        { path: '/query/against', message: 'is required: nothing is published and version 1 has no version before it' },
      ]);
    const previous = VERSION.test(baseline) ? await findModelVersion(scope, id, Number(baseline)) : undefined;
    if (!previous)
      throw validationFailed([{ path: '/query/against', message: `model ${id} has no version "${baseline}"` }]);
    return { previous, current };
  });
  const inputs = diffInputSchemas(previous.input_schema, current.input_schema);
  const outputs = diffOutputSchemas(previous.output_schema, current.output_schema);
  const contents = {
    before: { graph: previous.graph, dmn: previous.dmn },
    after: { graph: current.graph, dmn: current.dmn },
  };
  // A DMN model's XML is read in the sandbox, off the event loop (about a second for a 4 MiB model).
  const graph =
    contents.before.dmn === null && contents.after.dmn === null
      ? diffModelContents(contents.before, contents.after)
      : await sandbox.run('diffModelContents', contents);
  return {
    object: 'model_version_diff' as const,
    model_id: id,
    version: String(current.version),
    against: String(previous.version),
    graph,
    input_changes: inputs,
    output_changes: outputs,
    breaking: [...inputs, ...outputs].some((change) => change.breaking),
  };
}
