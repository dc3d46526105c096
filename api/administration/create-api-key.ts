import { validationFailed } from '../../core/app-error';
import { expandScopes } from '../../core/scopes';
import { issueApiKey } from '../../db/repositories/api-keys';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { CreateApiKeyRequest } from '../openapi/request-types.generated';
import { presentApiKey } from './api-key-records';
import { requireEnvironment } from '../models/environment-resolution';
import type { ApiKeyUseCaseDeps } from './deps';

/** A new key, as the document's CreateApiKeyRequest gives it. */
export type CreateApiKeyInput = CreateApiKeyRequest;

/** Issues a key; its secret is in this answer only. */
export async function createApiKey({ db }: ApiKeyUseCaseDeps, context: RequestContext, input: CreateApiKeyInput) {
  const { tenantId, actor } = context;
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt !== null && expiresAt.getTime() <= Date.now()) {
    throw validationFailed(
      [{ path: '/expires_at', message: 'must be in the future' }],
      '"/expires_at" must be in the future.',
    );
  }
  const { record, key } = await inTenantTransaction(db, tenantId, async (scope) => {
    const environment =
      input.environment === undefined || input.environment === null
        ? null
        : await requireEnvironment(scope, context, input.environment, '/environment');
    return issueApiKey(
      scope,
      { name: input.name, scopes: expandScopes(input.scopes), expiresAt, environmentId: environment?.id ?? null },
      actor,
    );
  });
  return { ...presentApiKey(record), key };
}
