import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Two facts about the code running now, carried through its async calls rather than through every use case's
 * arguments: on whose behalf it works (a request's tenant and its AbortSignal, set once per request by the API), and
 * whether it runs inside a database transaction (set by `inTenantTransaction`). Shared resources read them: the
 * expression sandbox queues work per tenant, drops the work of a request whose client went away, and refuses to be
 * waited on while a transaction holds a pooled connection.
 */

export interface RequestWork {
  /** Whose work this is: the tenant whose share of shared resources (the sandbox's processes) it takes. */
  tenantId: string;
  /** Fires when the request's client disconnects before the answer is sent. */
  signal: AbortSignal;
}

const requestWork = new AsyncLocalStorage<RequestWork>();
const transactions = new AsyncLocalStorage<true>();

/** Runs `work` (a request's handling) on behalf of `scope`. */
export function runForRequest<T>(scope: RequestWork, work: () => T): T {
  return requestWork.run(scope, work);
}

/** The request the running code works for, when it runs inside one. */
export function currentRequestWork(): RequestWork | undefined {
  return requestWork.getStore();
}

/** Runs `work` (a transaction's body) marked as holding a database connection in a transaction. */
export function runInsideTransaction<T>(work: () => T): T {
  return transactions.run(true, work);
}

/** Whether the running code is inside a database transaction's body. */
export function insideTransaction(): boolean {
  return transactions.getStore() === true;
}
