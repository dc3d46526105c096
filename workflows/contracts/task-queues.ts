/** Where a tenant's work runs (orchestration/task-queues.ts): pure naming, usable in workflow code. */
export type TenantWorkers = 'shared' | 'dedicated';

/** The base task queue of a tenant with dedicated workers. */
export function dedicatedTaskQueue(sharedTaskQueue: string, tenantId: string): string {
  return `${sharedTaskQueue}-tenant-${tenantId}`;
}

/** The base task queue a tenant's work belongs on. */
export function tenantTaskQueue(sharedTaskQueue: string, tenantId: string, workers: TenantWorkers): string {
  return workers === 'dedicated' ? dedicatedTaskQueue(sharedTaskQueue, tenantId) : sharedTaskQueue;
}

/** The outbound companion of a base task queue: webhook attempts and notification sends, with their own slot limit. */
export function outboundTaskQueue(baseTaskQueue: string): string {
  return `${baseTaskQueue}-webhooks`;
}
