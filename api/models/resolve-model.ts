import { modelDeprecated, noVersionInEffect } from '../../core/errors';
import { versionInEffect } from '../../core/deployment-timeline';
import {
  findModelTimelineHead,
  type DeployedVersionState,
  type EnvironmentRow,
} from '../../db/repositories/model-deployments';
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
  /**
   * The environment whose version in effect runs when none is named (api/models/environment-resolution.ts); absent:
   * the model's published version (production's), as before environments.
   */
  environment?: Pick<EnvironmentRow, 'id' | 'name' | 'on_deployment_end'>;
  /** The instant whose version in effect runs (epoch ms; default now), with `environment`. */
  asOf?: number;
  /** Where `as_of` was given (its 422s point there). */
  asOfPointer?: string;
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
          : await catalogue.resolve(
              id,
              version,
              version === undefined && options.environment
                ? await deployedSource({ db, cacheFeed }, tenantId, id, options, prefix)
                : await headSource({ db, cacheFeed }, tenantId, id, version),
            );
  if (!resolution.found) {
    if (resolution.reason === 'model_not_found') {
      if (options.inUrl) throw notFound('model', id);
      throw validationFailed([{ path: `${prefix}/model_id`, message: `no model "${id}" exists` }]);
    }
    if (resolution.reason === 'nothing_published') {
      const path = options.inUrl ? (options.versionField ?? '/version') : `${prefix}/model_id`;
      const where =
        options.environment && options.environment.name !== 'production'
          ? `no version deployed in ${options.environment.name} yet: name a version, or promote one there`
          : 'no published version yet: name a version, or publish one through a review';
      throw validationFailed([{ path, message: `model ${id} has ${where}` }]);
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

type TimelineHead = NonNullable<Awaited<ReturnType<typeof findModelTimelineHead>>>;
const timelineMemos = new WeakMap<CacheFeed, ReturnType<typeof memoOnFeed<TimelineHead>>>();
const timelines = (feed: CacheFeed) => {
  let memo = timelineMemos.get(feed);
  if (!memo) {
    memo = memoOnFeed<TimelineHead>(feed, 'model', 10_000);
    timelineMemos.set(feed, memo);
  }
  return memo;
};

/**
 * The version in effect in an environment at an instant, from the model's timeline (kept in memory on the cache feed:
 * only a write changes it, and a scheduled switch needs no write to take effect, since the instant decides).
 */
async function deployedSource(
  { db, cacheFeed }: Pick<ModelUseCaseDeps, 'db' | 'cacheFeed'>,
  tenantId: string,
  modelId: string,
  options: ModelResolveOptions,
  prefix: string,
): Promise<TenantModelSource> {
  const environment = options.environment as NonNullable<ModelResolveOptions['environment']>;
  const read = () => findModelTimelineHead(db, tenantId, modelId);
  const head = cacheFeed ? await timelines(cacheFeed).get(`${tenantId}:${modelId}`, 'timeline', read) : await read();
  if (!head) return NO_TENANT_MODELS;
  const at = options.asOf ?? Date.now();
  const answer = versionInEffect(head.timeline, environment.id, at, environment.on_deployment_end);
  if (!answer.found && answer.reason !== 'never_deployed') {
    const when = options.asOf === undefined ? 'now' : `at ${new Date(at).toISOString()}`;
    const why =
      answer.reason === 'ended'
        ? `its deployment of version ${answer.ended?.version} ended at ${new Date(answer.ended?.until ?? 0).toISOString()} and ${environment.name} does not fall back`
        : `its first deployment there starts later`;
    throw noVersionInEffect(
      `No version of model ${modelId} is in effect in ${environment.name} ${when}: ${why}.`,
      options.asOfPointer ?? `${prefix}/model_id`,
    );
  }
  const state: DeployedVersionState | undefined = answer.found ? head.versions.get(answer.entry.version) : undefined;
  return versionSource(db, tenantId, modelId, head.status, state?.version ?? null, state ?? null);
}

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
  if (!head) return NO_TENANT_MODELS;
  return versionSource(db, tenantId, modelId, head.status, head.publishedVersion, head.version);
}

/** A model's state and one version's (its content from memory when this exact content was read before). */
function versionSource(
  db: ModelUseCaseDeps['db'],
  tenantId: string,
  modelId: string,
  status: 'active' | 'deprecated',
  publishedVersion: number | null,
  state: DeployedVersionState | null,
): TenantModelSource {
  return {
    findModel: () => Promise.resolve({ status, publishedVersion }),
    async findVersion(_modelId, number) {
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
