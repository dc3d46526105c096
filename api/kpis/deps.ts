// What the KPI family's use cases are given: one place, imported by each use case and by the services that bind them.
import type { Knex } from 'knex';
import type { ModelService } from '../models/service';

/** What every KPI use case is given: the database and the models family (a KPI's model-output source). */
export interface KpiUseCaseDeps {
  db: Knex;
  models: ModelService;
}

/** What every alert rule and alert use case is given. */
export interface KpiAlertUseCaseDeps {
  db: Knex;
}
