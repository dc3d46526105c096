import type { BuiltinModel } from '../types';
import { budgetAllocation } from './budget-allocation';
import { hireContractOutsource } from './hire-contract-outsource';
import { retentionProgramRoi } from './retention-program-roi';
import { serviceQueueStaffing } from './service-queue-staffing';
import { weightedMultiCriteria } from './weighted-multi-criteria';
import { workforceCostProjection } from './workforce-cost-projection';

/** The built-in model library, in catalogue order. */
export const BUILTIN_MODELS: BuiltinModel[] = [
  workforceCostProjection,
  hireContractOutsource,
  retentionProgramRoi,
  weightedMultiCriteria,
  serviceQueueStaffing,
  budgetAllocation,
];

const MODELS_BY_KEY = new Map(BUILTIN_MODELS.map((model) => [model.key, model]));

export function findBuiltinModel(key: string): BuiltinModel | undefined {
  return MODELS_BY_KEY.get(key);
}
