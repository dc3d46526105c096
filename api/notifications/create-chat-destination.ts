import { validationFailed, type FieldError } from '../../core/app-error';
import { newId } from '../../core/ids';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { insertChatDestination } from '../../db/repositories/notifications';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { CreateChatDestinationRequest } from '../openapi/request-types.generated';
import type { RequestContext } from '../context';
import type { NotificationServiceDeps } from './deps';
import { checkChatDestinationUrl, checkKinds } from './notification-rules';
import { presentChatDestination } from './presenter';

export async function createChatDestination(
  { db, config }: NotificationServiceDeps,
  context: RequestContext,
  body: CreateChatDestinationRequest,
) {
  const errors: FieldError[] = [];
  checkChatDestinationUrl(config, body.url, errors);
  const kinds = checkKinds(body.kinds, '/kinds', errors);
  if (errors.length > 0) throw validationFailed(errors);
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const row = await insertChatDestination(scope, {
      id: newId('chatDestination'),
      name: body.name,
      format: body.format,
      url: body.url,
      kinds: [...new Set(kinds)],
      enabled: body.enabled ?? true,
      created_by: context.actor,
    });
    await appendAuditRecord(scope, {
      action: 'chat_destination.created',
      actor: context.actor,
      resourceType: 'chat_destination',
      resourceId: row.id,
      payload: { name: row.name, format: row.format, url_host: new URL(row.url).host, kinds: row.kinds },
    });
    return presentChatDestination(row);
  });
}
