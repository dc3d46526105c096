import type { PageRequest } from '../../db/pagination';
import type { RequestContext } from '../context';
import type {
  CreateChatDestinationRequest,
  UpdateChatDestinationRequest,
  UpdateNotificationPreferencesRequest,
  UpdateNotificationSettingsRequest,
} from '../openapi/request-types.generated';
import { createChatDestination } from './create-chat-destination';
import { deleteChatDestination } from './delete-chat-destination';
import type { NotificationServiceDeps } from './deps';
import { getChatDestination } from './get-chat-destination';
import { getNotification } from './get-notification';
import { getPreferences } from './get-preferences';
import { getSettings } from './get-settings';
import { listChatDestinations } from './list-chat-destinations';
import { listKpiWatchers } from './list-kpi-watchers';
import { listNotifications, type NotificationFilter } from './list-notifications';
import { unwatchKpi } from './unwatch-kpi';
import { updateChatDestination } from './update-chat-destination';
import { updatePreferences } from './update-preferences';
import { updateSettings } from './update-settings';
import { watchKpi } from './watch-kpi';

export type { NotificationServiceDeps };

/** Notifications to people: preferences, the log, the tenant's settings and chat destinations, watching KPIs; one file per use case. */
export function createNotificationService(deps: NotificationServiceDeps) {
  return {
    getPreferences: (context: RequestContext) => getPreferences(deps, context),
    updatePreferences: (context: RequestContext, body: UpdateNotificationPreferencesRequest) =>
      updatePreferences(deps, context, body),
    list: (context: RequestContext, filter: NotificationFilter, page: PageRequest) =>
      listNotifications(deps, context, filter, page),
    get: (context: RequestContext, id: string, options: { mine?: boolean } = {}) =>
      getNotification(deps, context, id, options),
    getSettings: (context: RequestContext) => getSettings(deps, context),
    updateSettings: (context: RequestContext, body: UpdateNotificationSettingsRequest) =>
      updateSettings(deps, context, body),
    listChatDestinations: (context: RequestContext) => listChatDestinations(deps, context),
    getChatDestination: (context: RequestContext, id: string) => getChatDestination(deps, context, id),
    createChatDestination: (context: RequestContext, body: CreateChatDestinationRequest) =>
      createChatDestination(deps, context, body),
    updateChatDestination: (context: RequestContext, id: string, body: UpdateChatDestinationRequest) =>
      updateChatDestination(deps, context, id, body),
    deleteChatDestination: (context: RequestContext, id: string) => deleteChatDestination(deps, context, id),
    watchKpi: (context: RequestContext, kpiId: string) => watchKpi(deps, context, kpiId),
    unwatchKpi: (context: RequestContext, kpiId: string) => unwatchKpi(deps, context, kpiId),
    listKpiWatchers: (context: RequestContext, kpiId: string) => listKpiWatchers(deps, context, kpiId),
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
