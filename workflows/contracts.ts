/**
 * The one module shared by the API, the worker and the workflows: task queues, workflow ids, search attributes,
 * and message definitions. It must stay free of Node built-ins so the workflow sandbox can import it.
 */
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

export const TenantIdSearchAttribute = defineSearchAttributeKey('TenantId', SearchAttributeType.KEYWORD);
export const ResourceTypeSearchAttribute = defineSearchAttributeKey('ResourceType', SearchAttributeType.KEYWORD);
export const ResourceIdSearchAttribute = defineSearchAttributeKey('ResourceId', SearchAttributeType.KEYWORD);

/** Custom search attributes registered on the Temporal namespace so operators can filter by tenant and resource. */
export const CUSTOM_SEARCH_ATTRIBUTES = [
  { name: 'TenantId', type: 'Keyword' },
  { name: 'ResourceType', type: 'Keyword' },
  { name: 'ResourceId', type: 'Keyword' },
] as const;

export type ResourceType = 'scenario' | 'scenario_batch' | 'integration_sync' | 'decision' | 'webhook_delivery';

/** Business workflow ids: one resource, one id, so a duplicate start is refused by Temporal itself. */
export function workflowIdFor(resourceType: ResourceType, resourceId: string): string {
  return `${resourceType}/${resourceId}`;
}
