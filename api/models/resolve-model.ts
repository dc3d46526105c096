import { modelDeprecated } from '../../core/errors';
import { notFound, validationFailed } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { BUILTIN_MODEL_PREFIX, isUnreleased, type RunnableModel } from '../../decision/catalogue';
import { tenantModelSource } from '../../db/repositories/decision-models';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { ModelUseCaseDeps } from './deps';

const BUILTIN_SLUG = /^mdl_[a-z][a-z0-9_]{1,60}$/;

export function isModelId(id: string): boolean {
  return isIdOf('model', id) || BUILTIN_SLUG.test(id);
}

export interface ModelResolveOptions {
  forRun: boolean;
  inUrl?: boolean;
  pathPrefix?: string;
  /** The body field that names the version (default `model_version`, under pathPrefix). */
  versionField?: string;
  /**
   * Which unreleased versions (draft, in review, rejected) the caller may name: any (evaluate, test runs, reads of
   * stored runs), none (batches), or only those this actor authored (a scenario create: the author's trials).
   */
  drafts?: 'any' | 'none' | { authorId: string };
  scope?: TenantScope;
}

/**
 * The exact model version a request names (the published one when omitted). A model named in the URL that does not exist
 * is a 404; one named in a body is a 422 on that field. Deprecated models serve reads but refuse new runs.
 */
export async function resolveModel(
  { db, catalogue }: ModelUseCaseDeps,
  tenantId: string,
  id: string,
  version: string | undefined,
  options: ModelResolveOptions,
): Promise<RunnableModel> {
  const prefix = options.pathPrefix ?? '';
  const lookup = (scope: TenantScope) => catalogue.resolve(id, version, tenantModelSource(scope));
  const resolution =
    !isModelId(id) && !id.startsWith(BUILTIN_MODEL_PREFIX)
      ? ({ found: false, reason: 'model_not_found' } as const)
      : options.scope
        ? await lookup(options.scope)
        : await inTenantTransaction(db, tenantId, lookup);
  if (!resolution.found) {
    if (resolution.reason === 'model_not_found') {
      if (options.inUrl) throw notFound('model', id);
      throw validationFailed([{ path: `${prefix}/model_id`, message: `no model "${id}" exists` }]);
    }
    if (resolution.reason === 'nothing_published') {
      const path = options.inUrl ? (options.versionField ?? '/version') : `${prefix}/model_id`;
      throw validationFailed([
        { path, message: `model ${id} has no published version yet: name a version, or publish one through a review` },
      ]);
    }
    throw validationFailed([
      { path: options.versionField ?? `${prefix}/model_version`, message: `model ${id} has no version "${version}"` },
    ]);
  }
  refuseUnreleased(resolution.model, options, prefix);
  if (options.forRun && resolution.model.status === 'deprecated') {
    throw modelDeprecated(id, `${prefix}/model_id`);
  }
  return resolution.model;
}

function refuseUnreleased(model: RunnableModel, options: ModelResolveOptions, prefix: string): void {
  const drafts = options.drafts ?? 'any';
  if (drafts === 'any' || !isUnreleased(model.versionStatus)) return;
  if (typeof drafts === 'object' && model.authorId === drafts.authorId) return;
  const why =
    typeof drafts === 'object'
      ? 'only its author may run it, as a draft run'
      : 'only the published version (or a retired one, named) runs here';
  throw validationFailed([
    {
      path: options.versionField ?? `${prefix}/model_version`,
      message: `version ${model.version} of ${model.id} is ${model.versionStatus.replace('_', ' ')}: ${why}`,
    },
  ]);
}
