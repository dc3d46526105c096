import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import type { PageRequest } from '../../db/pagination';
import type { ConnectorEnvironment } from '../../integrations/connectors';
import type { ExpressionSandbox } from '../../integrations/expression-sandbox';
import type { RequestContext } from '../context';
import type {
  CreateIntegrationRequest,
  PutFieldMappingRequest,
  UpdateIntegrationRequest,
  ValidateFieldMappingRequest,
} from '../openapi/request-types.generated';
import { checkIntegration } from './check-integration';
import { createIntegration } from './create-integration';
import { deleteIntegration } from './delete-integration';
import type { IntegrationUseCaseDeps } from './deps';
import { discoverIntegration } from './discover-integration';
import { getFieldMapping } from './get-field-mapping';
import { getIntegration } from './get-integration';
import { getIntegrationSchedule } from './get-integration-schedule';
import { createIntegrationConnections } from './integration-connections';
import { listConnectorTypes } from './list-connector-types';
import { listTenantIntegrations } from './list-integrations';
import { putFieldMapping } from './put-field-mapping';
import { createIntegrationSchedules } from './start-schedules';
import { updateIntegrationSettings } from './update-integration';
import { validateFieldMapping } from './validate-field-mapping';

export { checkSchedule, presentSchedule } from './integration-schedule';
export { presentFieldMapping, presentIntegration } from './presenter';

/** The integrations family's use cases, one file each, bound to their dependencies. */
export function createIntegrationService(deps: {
  db: Knex;
  temporal: Client;
  config: Config;
  logger: Logger;
  sandbox: ExpressionSandbox;
  connectorEnvironment?: Partial<ConnectorEnvironment>;
}) {
  const useCases: IntegrationUseCaseDeps = {
    db: deps.db,
    config: deps.config,
    sandbox: deps.sandbox,
    connections: createIntegrationConnections(deps),
    schedules: createIntegrationSchedules(deps),
  };
  return {
    connectorTypes: () => listConnectorTypes(),
    create: (context: RequestContext, body: CreateIntegrationRequest) => createIntegration(useCases, context, body),
    list: (context: RequestContext, page: PageRequest) => listTenantIntegrations(useCases, context, page),
    get: (context: RequestContext, id: string) => getIntegration(useCases, context, id),
    update: (context: RequestContext, id: string, body: UpdateIntegrationRequest) =>
      updateIntegrationSettings(useCases, context, id, body),
    remove: (context: RequestContext, id: string) => deleteIntegration(useCases, context, id),
    getSchedule: (context: RequestContext, id: string) => getIntegrationSchedule(useCases, context, id),
    check: (context: RequestContext, id: string) => checkIntegration(useCases, context, id),
    getFieldMapping: (context: RequestContext, id: string) => getFieldMapping(useCases, context, id),
    putFieldMapping: (context: RequestContext, id: string, body: PutFieldMappingRequest) =>
      putFieldMapping(useCases, context, id, body),
    validateFieldMapping: (context: RequestContext, id: string, body: ValidateFieldMappingRequest) =>
      validateFieldMapping(useCases, context, id, body),
    discover: (context: RequestContext, id: string) => discoverIntegration(useCases, context, id),
  };
}

export type IntegrationService = ReturnType<typeof createIntegrationService>;
