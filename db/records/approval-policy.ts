import { Model } from 'objection';
import type { Actor } from '../../core/actor';
import type { ApprovalPolicyFlags, ApprovalStep } from '../../rules/decisions/approval-policy';

export class ApprovalPolicyRecord extends Model {
  static override tableName = 'approval_policies';
  static override jsonAttributes = ['created_by', 'updated_by'];

  id!: string;
  tenant_id!: string;
  name!: string;
  description!: string;
  current_version!: number;
  archived_at!: Date | null;
  created_by!: Actor;
  updated_by!: Actor;
  created_at!: Date;
  updated_at!: Date;
}

/** Immutable: the API's database role may insert and read these rows, never change them. */
export class ApprovalPolicyVersionRecord extends Model {
  static override tableName = 'approval_policy_versions';
  static override jsonAttributes = ['steps', 'flags', 'created_by'];

  id!: string;
  tenant_id!: string;
  policy_id!: string;
  version!: number;
  steps!: ApprovalStep[];
  flags!: ApprovalPolicyFlags;
  created_by!: Actor;
  created_at!: Date;
}
