import { Model } from 'objection';
import type { Plan } from '../../core/plans';

export class TenantRecord extends Model {
  static override tableName = 'tenants';

  id!: string;
  name!: string;
  plan!: Plan;
  /** Only enterprise tenants carry their own limits; other plans use the plan table. */
  rate_limit_per_minute!: number | null;
  rate_limit_per_day!: number | null;
  created_at!: Date;
  updated_at!: Date;
}
