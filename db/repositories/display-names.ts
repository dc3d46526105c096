import { ApiKeyRecord } from '../records/api-key';
import { ApprovalPolicyRecord } from '../records/approval-policy';
import { OAuthClientRecord } from '../records/user';
import { scoped, type TenantScope } from '../tenant-scope';

/**
 * The names people gave the tenant's API keys, OAuth clients and approval policies, by id (ids carry their type's
 * prefix, so one map serves them all): pages show these where a record names only the id.
 */
export async function findDisplayNames(scope: TenantScope): Promise<Map<string, string>> {
  type Named = Array<{ id: string; name: string }>;
  // One after another: the queries share the transaction's connection.
  const keys = (await scoped(scope, ApiKeyRecord).select('api_keys.id', 'api_keys.name')) as unknown as Named;
  const clients = (await scoped(scope, OAuthClientRecord).select(
    'oauth_clients.id',
    'oauth_clients.name',
  )) as unknown as Named;
  const policies = (await scoped(scope, ApprovalPolicyRecord).select(
    'approval_policies.id',
    'approval_policies.name',
  )) as unknown as Named;
  return new Map([...keys, ...clients, ...policies].map((row) => [row.id, row.name]));
}
