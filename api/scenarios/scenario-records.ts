import type { Knex } from 'knex';
import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { findScenario } from '../../db/repositories/scenarios';
import { inTenantTransaction } from '../../db/tenant-scope';

/** An id that is not a scenario id names no scenario: a 404 before any query. */
export function requireScenarioId(id: string) {
  if (!isIdOf('scenario', id)) throw notFound('scenario', id);
}

/** The tenant's scenario with this id, or a 404. */
export function readScenario(db: Knex, tenantId: string, id: string) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const scenario = await findScenario(scope, id);
    if (!scenario) throw notFound('scenario', id);
    return scenario;
  });
}
