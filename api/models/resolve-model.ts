import { modelDeprecated } from '../../core/errors';
import { notFound, validationFailed } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import {
  BUILTIN_MODEL_PREFIX,
  findBuiltinModelById,
  isUnreleased,
  type RunnableModel,
  type TenantModelSource,
  type TenantModelVersion,
} from '../../decision/catalogue';
import { findModelRunHead, tenantModelSource, type ModelRunHead } from '../../db/repositories/decision-models';
import { memoOnFeed, type CacheFeed } from '../../db/cache-feed';
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
  { db, catalogue, cacheFeed }: ModelUseCaseDeps,
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
        : findBuiltinModelById(id)
          ? await catalogue.resolve(id, version, NO_TENANT_MODELS)
          : await catalogue.resolve(id, version, await headSource({ db, cacheFeed }, tenantId, id, version));
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

const NO_TENANT_MODELS: TenantModelSource = {
  findModel: () => Promise.resolve(undefined),
  findVersion: () => Promise.resolve(undefined),
};

const headMemos = new WeakMap<CacheFeed, ReturnType<typeof memoOnFeed<ModelRunHead>>>();
const publishedHeads = (feed: CacheFeed) => {
  let memo = headMemos.get(feed);
  if (!memo) {
    memo = memoOnFeed<ModelRunHead>(feed, 'model', 10_000);
    headMemos.set(feed, memo);
  }
  return memo;
};

/** Versions' contents by what names them (model, version, graph hash, content revision): immutable, so kept. */
const contents = new Map<string, Promise<TenantModelVersion | undefined>>();
const CONTENTS_KEPT = 500;

/**
 * Outside a transaction, the catalogue reads a model through its head (one light query: the model's and the
 * version's state, never stale) and takes the version's content from memory when this process has read that exact
 * content before (a draft's save changes its revision, so the key): a run of a known version reads one row's worth.
 */
async function headSource(
  { db, cacheFeed }: Pick<ModelUseCaseDeps, 'db' | 'cacheFeed'>,
  tenantId: string,
  modelId: string,
  version: string | undefined,
): Promise<TenantModelSource> {
  const wanted = version === undefined ? undefined : /^[1-9]\d{0,8}$/.test(version) ? Number(version) : null;
  const read = () => findModelRunHead(db, tenantId, modelId, wanted ?? undefined);
  // The published head is kept in memory on the cache feed (every change of the model or its versions drops it, and
  // what changes it answers only once every process has); a version named is read each time (a draft's state moves).
  const head =
    wanted === null
      ? undefined
      : wanted === undefined && cacheFeed
        ? await publishedHeads(cacheFeed).get(`${tenantId}:${modelId}`, 'published', read)
        : await read();
  return {
    findModel: () =>
      Promise.resolve(head ? { status: head.status, publishedVersion: head.publishedVersion } : undefined),
    async findVersion(_modelId, number) {
      const state = head?.version;
      if (!state || state.version !== number) return undefined;
      const key = `${tenantId}:${modelId}@${number}#${state.graphSha256}r${state.contentRevision}`;
      let content = contents.get(key);
      if (!content) {
        content = inTenantTransaction(db, tenantId, (scope) => tenantModelSource(scope).findVersion(modelId, number), {
          readOnly: true,
        });
        content.then(
          (found) => found === undefined && contents.delete(key),
          () => contents.delete(key),
        );
        if (contents.size >= CONTENTS_KEPT) contents.delete(contents.keys().next().value as string);
        contents.set(key, content);
      }
      const found = await content;
      // The content is this key's; the states are the head's, read just now.
      return found && { ...found, versionStatus: state.status, authorId: state.authorId };
    },
  };
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
