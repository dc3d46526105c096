import { Model } from 'objection';
import type { Actor } from '../../core/actor';
import type { Role } from '../../core/roles';

export class UserRecord extends Model {
  static override tableName = 'users';

  id!: string;
  email!: string;
  display_name!: string;
  password_hash!: string | null;
  disabled_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}

export class MembershipRecord extends Model {
  static override tableName = 'memberships';
  static override idColumn = ['tenant_id', 'user_id'];
  static override jsonAttributes = ['created_by'];

  tenant_id!: string;
  /**
   * The member's id: who the person is in this tenant (API responses, actors, approvers, owners, the audit log).
   * Minted when the membership is made, so it says nothing of the person's life elsewhere; `user_id` (the person
   * across tenants: sign-in, tokens) never leaves the service through a tenant's API.
   */
  id!: string;
  user_id!: string;
  /** The name this tenant gave the person; other tenants may know them by another. Null: the person's own name. */
  display_name!: string | null;
  role!: Role;
  created_by!: Actor;
  created_at!: Date;
  updated_at!: Date;
}

export class OAuthClientRecord extends Model {
  static override tableName = 'oauth_clients';
  static override jsonAttributes = ['created_by'];

  id!: string;
  tenant_id!: string;
  name!: string;
  redirect_uris!: string[];
  grant_types!: string[];
  scopes!: string[];
  token_endpoint_auth_method!: 'client_secret_basic' | 'client_secret_post' | 'none';
  secret_hash!: string | null;
  service_role!: Role | null;
  created_by!: Actor;
  revoked_at!: Date | null;
  /** The environment the client is pinned to (null: any). */
  environment_id!: string | null;
  created_at!: Date;
  updated_at!: Date;
}
