import { validationFailed, type FieldError } from '../../core/app-error';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { updateChatDestination as updateChatDestinationRow } from '../../db/repositories/notifications';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { UpdateChatDestinationRequest } from '../openapi/request-types.generated';
import type { RequestContext } from '../context';
import type { NotificationServiceDeps } from './deps';
import { checkChatDestinationUrl, checkKinds, destinationOrNotFound } from './notification-rules';
import { presentChatDestination } from './presenter';

export async function updateChatDestination(
  { db, config }: NotificationServiceDeps,
  context: RequestContext,
  id: string,
  body: UpdateChatDestinationRequest,
) {
  const errors: FieldError[] = [];
  if (body.url !== undefined) checkChatDestinationUrl(config, body.url, errors);
  const kinds = body.kinds === undefined ? undefined : checkKinds(body.kinds, '/kinds', errors);
  if (errors.length > 0) throw validationFailed(errors);
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    await destinationOrNotFound(scope, id, true);
    const row = await updateChatDestinationRow(scope, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.format !== undefined ? { format: body.format } : {}),
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(kinds !== undefined ? { kinds: [...new Set(kinds)] } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    });
    await appendAuditRecord(scope, {
      action: 'chat_destination.updated',
      actor: context.actor,
      resourceType: 'chat_destination',
      resourceId: id,
      payload: {
        name: row.name,
        format: row.format,
        url_host: new URL(row.url).host,
        kinds: row.kinds,
        enabled: row.enabled,
      },
    });
    return presentChatDestination(row);
  });
}
