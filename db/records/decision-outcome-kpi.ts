import { Model } from 'objection';
import type { Actor } from '../../core/actor';
import type { ExpectedSource } from './decision-outcome';

/**
 * A decision's outcome metric fed by a KPI: the metric's actual values are the KPI's per-period values from the
 * decision's approval on, computed when read; the expected value is the link's.
 */
export class DecisionOutcomeKpiRecord extends Model {
  static override tableName = 'decision_outcome_kpis';
  static override jsonAttributes = ['linked_by'];

  id!: string;
  tenant_id!: string;
  decision_id!: string;
  metric!: string;
  kpi_id!: string;
  expected_value!: number;
  expected_source!: ExpectedSource;
  linked_by!: Actor;
  linked_at!: Date;
}
