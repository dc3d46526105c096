import { Model } from 'objection';
import type { Actor } from '../../core/actor';

/** Where an outcome's expected value came from: the client, or the chosen option's frozen scenario run. */
export const EXPECTED_SOURCES = ['given', 'scenario_snapshot'] as const;

export type ExpectedSource = (typeof EXPECTED_SOURCES)[number];

/** The decision statuses in which outcomes can be recorded: once it has been approved. */
export const OUTCOME_RECORDABLE_STATUSES = ['approved', 'implemented'] as const;

/** One observation of a metric after a decision, against what was expected of it. Never updated or deleted. */
export class DecisionOutcomeRecord extends Model {
  static override tableName = 'decision_outcomes';
  static override jsonAttributes = ['recorded_by'];

  id!: string;
  tenant_id!: string;
  decision_id!: string;
  metric!: string;
  expected_value!: number;
  expected_source!: ExpectedSource;
  actual_value!: number;
  observed_at!: Date;
  note!: string | null;
  /** The earlier outcome this one corrects, if any. */
  supersedes!: string | null;
  recorded_by!: Actor;
  recorded_at!: Date;
}
