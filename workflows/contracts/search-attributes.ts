/**
 * What every workflow family shares: business workflow ids and the search attributes operators filter by. Like
 * every contract module it must stay free of Node built-ins so the workflow sandbox can import it.
 */
import { defineSearchAttributeKey, SearchAttributeType, type SearchAttributePair } from '@temporalio/common';

export const TenantIdSearchAttribute = defineSearchAttributeKey('TenantId', SearchAttributeType.KEYWORD);
export const ResourceTypeSearchAttribute = defineSearchAttributeKey('ResourceType', SearchAttributeType.KEYWORD);
export const ResourceIdSearchAttribute = defineSearchAttributeKey('ResourceId', SearchAttributeType.KEYWORD);
/** A decision's approval status, kept current by its workflow: `DecisionStatus = "pending_approval"`. */
export const DecisionStatusSearchAttribute = defineSearchAttributeKey('DecisionStatus', SearchAttributeType.KEYWORD);

/** Custom search attributes registered on the Temporal namespace so operators can filter by tenant and resource. */
export const CUSTOM_SEARCH_ATTRIBUTES = [
  { name: 'TenantId', type: 'Keyword' },
  { name: 'ResourceType', type: 'Keyword' },
  { name: 'ResourceId', type: 'Keyword' },
  { name: 'DecisionStatus', type: 'Keyword' },
] as const;

export type ResourceType =
  | 'scenario'
  | 'scenario_batch'
  | 'integration_sync'
  | 'integration_schedule'
  | 'decision'
  | 'webhook_delivery'
  | 'webhook_lane'
  | 'audit_export'
  | 'kpi'
  | 'kpi_schedule'
  | 'kpi_evaluation'
  | 'model_replay'
  | 'model_deployment'
  | 'notification_lane'
  | 'scenario_run_lane'
  | 'failure_retry';

/** Business workflow ids: one resource, one id, so a duplicate start is refused by Temporal itself. */
export function workflowIdFor(resourceType: ResourceType, resourceId: string, suffix?: string): string {
  return suffix ? `${resourceType}/${resourceId}/${suffix}` : `${resourceType}/${resourceId}`;
}

/** Search attributes of work that spans tenants (a KPI evaluation shard): no TenantId. */
export function systemSearchAttributesFor(resourceType: ResourceType, resourceId: string): SearchAttributePair[] {
  return [
    { key: ResourceTypeSearchAttribute, value: resourceType },
    { key: ResourceIdSearchAttribute, value: resourceId },
  ];
}

/** `TenantId = "ten_…" AND ResourceType = "scenario"` in the Temporal UI or `temporal workflow list --query`. */
export function searchAttributesFor(
  tenantId: string,
  resourceType: ResourceType,
  resourceId: string,
): SearchAttributePair[] {
  return [
    { key: TenantIdSearchAttribute, value: tenantId },
    { key: ResourceTypeSearchAttribute, value: resourceType },
    { key: ResourceIdSearchAttribute, value: resourceId },
  ];
}
