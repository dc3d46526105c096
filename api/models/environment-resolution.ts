import { validationFailed } from '../../core/app-error';
import { environmentNotAllowed } from '../../core/errors';
import { memoOnFeed, type CacheFeed } from '../../db/cache-feed';
import { DEFAULT_ENVIRONMENT } from '../../db/repositories/deployment-transitions';
import { findEnvironment, findTenantEnvironments, type EnvironmentRow } from '../../db/repositories/model-deployments';
import type { TenantScope } from '../../db/tenant-scope';
import type { Knex } from 'knex';
import type { RequestContext } from '../context';

/**
 * Which environment a request acts in: the one it names (`DMS-Environment` header, or a body's `environment`), else
 * the one its credentials are pinned to, else production. Credentials pinned to one environment may name only that
 * one (403 `environment_not_allowed`); an unknown or archived name is a 422 on the field that named it.
 */
const environmentMemos = new WeakMap<CacheFeed, ReturnType<typeof memoOnFeed<EnvironmentRow[]>>>();
const tenantEnvironments = (feed: CacheFeed) => {
  let memo = environmentMemos.get(feed);
  if (!memo) {
    memo = memoOnFeed<EnvironmentRow[]>(feed, 'environment', 10_000);
    environmentMemos.set(feed, memo);
  }
  return memo;
};

export const HEADER_POINTER = '/headers/dms-environment';

function choose(
  environments: readonly EnvironmentRow[],
  context: Pick<RequestContext, 'pinnedEnvironmentId' | 'requestedEnvironment'>,
  named: { value: string | undefined; pointer: string },
): EnvironmentRow {
  const wanted = named.value ?? context.requestedEnvironment;
  const pointer = named.value !== undefined ? named.pointer : HEADER_POINTER;
  const pinned = context.pinnedEnvironmentId
    ? environments.find((environment) => environment.id === context.pinnedEnvironmentId)
    : undefined;
  if (wanted === undefined) {
    if (pinned) return pinned;
    return environments.find((environment) => environment.name === DEFAULT_ENVIRONMENT) as EnvironmentRow;
  }
  const found = environments.find((environment) => environment.id === wanted || environment.name === wanted);
  if (!found) throw validationFailed([{ path: pointer, message: `no environment "${wanted}" exists` }]);
  if (context.pinnedEnvironmentId && found.id !== context.pinnedEnvironmentId)
    throw environmentNotAllowed(pinned?.name ?? context.pinnedEnvironmentId, found.name);
  if (found.status === 'archived')
    throw validationFailed([{ path: pointer, message: `environment "${found.name}" is archived` }]);
  return found;
}

/** The request's environment, outside any transaction: the tenant's environments are kept in memory on the feed. */
export async function callerEnvironment(
  deps: { db: Knex; cacheFeed?: CacheFeed | undefined },
  context: Pick<RequestContext, 'tenantId' | 'pinnedEnvironmentId' | 'requestedEnvironment'>,
  named: { value: string | undefined; pointer: string } = { value: undefined, pointer: HEADER_POINTER },
): Promise<EnvironmentRow> {
  const load = () => findTenantEnvironments(deps.db, context.tenantId);
  const environments = deps.cacheFeed
    ? ((await tenantEnvironments(deps.cacheFeed).get(context.tenantId, 'all', load)) ?? [])
    : await load();
  return choose(environments, context, named);
}

/** The request's environment read inside a transaction (the header, else the credentials' pin, else production). */
export async function environmentInScope(
  scope: TenantScope,
  context: Pick<RequestContext, 'pinnedEnvironmentId' | 'requestedEnvironment'>,
): Promise<EnvironmentRow> {
  const named = context.requestedEnvironment ?? context.pinnedEnvironmentId ?? DEFAULT_ENVIRONMENT;
  const found = await findEnvironment(scope, named);
  return choose(
    found ? [found] : [],
    { ...context, requestedEnvironment: named },
    { value: undefined, pointer: HEADER_POINTER },
  );
}

/** An environment a write names, inside the write's transaction (and with the same rules). */
export async function requireEnvironment(
  scope: TenantScope,
  context: Pick<RequestContext, 'pinnedEnvironmentId' | 'requestedEnvironment'>,
  idOrName: string,
  pointer: string,
): Promise<EnvironmentRow> {
  const found = await findEnvironment(scope, idOrName);
  return choose(found ? [found] : [], context, { value: idOrName, pointer });
}
