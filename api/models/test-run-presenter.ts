import type { ModelTestRunRecord } from '../../db/records/model-test';

export function presentTestRun(record: ModelTestRunRecord) {
  return {
    id: record.id,
    object: 'model_test_run' as const,
    model_id: record.model_id,
    version: String(record.version),
    status: record.status,
    passed: record.passed,
    failed: record.failed,
    duration_ms: record.duration_ms,
    coverage: record.coverage,
    cases: record.cases,
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
  };
}
