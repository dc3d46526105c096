import type { RequestContext } from '../context';
import { listBuiltinModels } from '../../decision/catalogue';
import { listTenantModels } from '../../db/repositories/decision-models';
import { decodeCursor, encodeCursor, type PageRequest } from '../../db/pagination';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { ModelUseCaseDeps } from './deps';
import { presentBuiltin, presentTenantModel } from './presenter';

/** A type, not an interface, so a route can cast its parsed query (a string-keyed record) to it. */
export type ModelListFilters = {
  category?: string;
  status?: string;
  source?: string;
};

export async function listModels(
  { db }: ModelUseCaseDeps,
  { tenantId }: RequestContext,
  filters: ModelListFilters,
  page: PageRequest,
) {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const builtins =
    filters.source === 'tenant' || filters.status === 'deprecated'
      ? []
      : listBuiltinModels()
          .filter((m) => !filters.category || m.category === filters.category)
          .map((m) => presentBuiltin(m, false))
          .filter((m) => after === undefined || m.id < after);
  const tenantPage =
    filters.source === 'builtin'
      ? { rows: [], nextCursor: null }
      : await inTenantTransaction(db, tenantId, (scope) =>
          listTenantModels(scope, filters, { limit: page.limit, cursor: page.cursor }),
        );
  const tenantRows = tenantPage.rows.map((row) => presentTenantModel(row, undefined));
  // Built-ins and tenant models form one list in id order; the cursor is the last id shown, whichever kind.
  const merged = [...builtins, ...tenantRows].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const data = merged.slice(0, page.limit);
  const hasMore = merged.length > page.limit || tenantPage.nextCursor !== null;
  const last = data[data.length - 1];
  return { data, next_cursor: hasMore && last ? encodeCursor(last.id) : null };
}
