import { findBuiltinModelById } from '../../decision/catalogue';
import { findPublishedVersions } from '../../db/repositories/model-release-history';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { presentBuiltinVersion } from './presenter';

/** The published version of each model of a catalogue page (a built-in's is the one it ships with; null: none yet). */
export async function listPublishedVersions(
  { db }: ModelUseCaseDeps,
  { tenantId }: RequestContext,
  ids: string[],
): Promise<Map<string, string | null>> {
  const published = new Map<string, string | null>();
  const tenantIds: string[] = [];
  for (const id of ids) {
    const builtin = findBuiltinModelById(id);
    if (builtin) published.set(id, presentBuiltinVersion(builtin).version);
    else tenantIds.push(id);
  }
  const stored = await inTenantTransaction(db, tenantId, (scope) => findPublishedVersions(scope, tenantIds));
  for (const [id, version] of stored) published.set(id, version === null ? null : String(version));
  return published;
}
