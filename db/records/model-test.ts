import { Model } from 'objection';
import type { Actor } from '../../core/actor';

/** Per flattened output name: how far the actual value may be from the expected one (numbers only). */
export type OutputTolerance = { absolute: number } | { relative: number };

/** A tenant model's test case: inputs, the outputs expected, and optionally the rules expected to match. */
export class ModelTestCaseRecord extends Model {
  static override tableName = 'model_test_cases';
  static override jsonAttributes = ['inputs', 'expected', 'tolerances', 'expected_rules', 'created_by'];

  id!: string;
  tenant_id!: string;
  model_id!: string;
  name!: string;
  inputs!: Record<string, unknown>;
  expected!: Record<string, unknown>;
  tolerances!: Record<string, OutputTolerance>;
  expected_rules!: string[] | null;
  created_by!: Actor;
  created_at!: Date;
  updated_at!: Date;
}

/** A run of a model's suite against one version, with its report. */
export class ModelTestRunRecord extends Model {
  static override tableName = 'model_test_runs';
  static override jsonAttributes = ['cases', 'coverage', 'created_by'];

  id!: string;
  tenant_id!: string;
  model_id!: string;
  version!: number;
  status!: 'passed' | 'failed';
  passed!: number;
  failed!: number;
  cases!: unknown[];
  coverage!: unknown;
  duration_ms!: number;
  created_by!: Actor;
  created_at!: Date;
}
