import { Model } from 'objection';
import type { Actor } from '../../core/actor';

export type KpiDirection = 'higher_is_better' | 'lower_is_better' | 'target_band';
export type KpiStatus = 'active' | 'paused' | 'archived';
export type KpiPeriod = 'day' | 'week' | 'month' | 'quarter';
export type KpiSourceType = 'manual' | 'model_output' | 'dataset';
export type KpiPointSource = 'api' | 'scenario' | 'sync' | 'schedule';

export interface KpiBand {
  low: number;
  high: number;
}

/** A number for `higher_is_better` / `lower_is_better`, a band for `target_band`. */
export type KpiTarget = number | KpiBand;

/** Exactly one form: `{value}` or `{low, high}` (absolute), or `{percent}` (relative to the target). */
export interface KpiThreshold {
  value?: number;
  low?: number;
  high?: number;
  percent?: number;
}

export class KpiRecord extends Model {
  static override tableName = 'kpis';
  static override jsonAttributes = ['target', 'warning_threshold', 'critical_threshold', 'source', 'created_by'];

  id!: string;
  tenant_id!: string;
  name!: string;
  description!: string;
  unit!: string | null;
  direction!: KpiDirection;
  target!: KpiTarget;
  warning_threshold!: KpiThreshold | null;
  critical_threshold!: KpiThreshold | null;
  aggregation_period!: KpiPeriod;
  owner_id!: string | null;
  tags!: string[];
  status!: KpiStatus;
  evaluation_delay_seconds!: number;
  /** When the batched time-based checks last evaluated the KPI (null: never). */
  checked_at!: Date | null;
  /** The evaluation shard's run (tick) that last checked it. */
  checked_in_tick!: string | null;
  /** Why the last check failed (null after a check that succeeded). */
  check_error!: string | null;
  /** The KPI may still have a per-KPI Temporal Schedule from before batched evaluation; the reconciler deletes it. */
  legacy_schedule!: boolean;
  source_type!: KpiSourceType;
  /** `{type, ...}` exactly as the API shows it. */
  source!: Record<string, unknown> & { type: KpiSourceType };
  source_model_id!: string | null;
  source_metric!: string | null;
  source_scenario_tag!: string | null;
  created_by!: Actor;
  deleted_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}

/** A current point (plain rows: points are read and written in bulk with SQL, not through Objection). */
export interface KpiPointRow {
  kpi_id: string;
  observed_at: Date;
  value: number;
  note: string | null;
  scenario_id: string | null;
  /** Where the value came from: posted (`api`), a completed scenario, a sync of the KPI's dataset, or its schedule. */
  source: KpiPointSource;
  /** `dataset` KPIs: the sync that recorded it, or for a `schedule` point the sync that had last changed the dataset. */
  sync_id: string | null;
  revision: number;
  recorded_at: Date;
}

export interface KpiPointRevisionRow extends KpiPointRow {
  replaced_at: Date;
}
