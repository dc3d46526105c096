import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { ConnectorCredentials } from '../../core/connector-credentials';
import type { Logger } from '../../core/logger';
import type { PageRequest } from '../../db/pagination';
import type { IntegrationStatus } from '../../db/records/integration';
import type { ConnectorEnvironment } from '../../integrations/connectors';
import type { ExpressionSandbox } from '../../integrations/expression-sandbox';
import type { FieldMappingDefinition } from '../../integrations/field-mapping';
import type { RequestContext } from '../context';
import { checkIntegration, discoverIntegration } from './check-integration';
import { createIntegration } from './create-integration';
import { deleteIntegration } from './delete-integration';
import { getFieldMapping, putFieldMapping, validateFieldMapping } from './put-field-mapping';
import { getIntegrationSchedule } from './get-integration-schedule';
import { createIntegrationConnections, type IntegrationConnections } from './integration-connections';
import type { ScheduleBody } from './integration-schedule';
import { getIntegration, listConnectorTypes, listTenantIntegrations } from './list-integrations';
import { createIntegrationSchedules, type IntegrationSchedules } from './start-schedules';
import { updateIntegrationSettings } from './update-integration';

export type { ScheduleBody };
export { checkSchedule, presentSchedule } from './integration-schedule';
export { presentFieldMapping, presentIntegration } from './presenter';

export interface IntegrationCreate {
  name: string;
  connector_type: string;
  config: Record<string, unknown>;
  credentials?: ConnectorCredentials;
  status?: IntegrationStatus;
  schedule?: ScheduleBody | null;
}

export type IntegrationUpdate = Partial<Omit<IntegrationCreate, 'connector_type'>>;

/** What every integration use case is given. */
export interface IntegrationUseCaseDeps {
  db: Knex;
  config: Config;
  sandbox: ExpressionSandbox;
  connections: IntegrationConnections;
  schedules: IntegrationSchedules;
}

/** The integrations family's use cases, one file each (or a few that are one thing), bound to their dependencies. */
export function createIntegrationService(deps: { db: Knex; temporal: Client; config: Config; logger: Logger; sandbox: ExpressionSandbox; connectorEnvironment?: Partial<ConnectorEnvironment> }) {
  const useCases: IntegrationUseCaseDeps = {
    db: deps.db,
    config: deps.config,
    sandbox: deps.sandbox,
    connections: createIntegrationConnections(deps),
    schedules: createIntegrationSchedules(deps),
  };
  return {
    connectorTypes: () => listConnectorTypes(),
    create: (context: RequestContext, body: IntegrationCreate) => createIntegration(useCases, context, body),
    list: (context: RequestContext, page: PageRequest) => listTenantIntegrations(useCases, context, page),
    get: (context: RequestContext, id: string) => getIntegration(useCases, context, id),
    update: (context: RequestContext, id: string, body: IntegrationUpdate) => updateIntegrationSettings(useCases, context, id, body),
    remove: (context: RequestContext, id: string) => deleteIntegration(useCases, context, id),
    getSchedule: (context: RequestContext, id: string) => getIntegrationSchedule(useCases, context, id),
    check: (context: RequestContext, id: string) => checkIntegration(useCases, context, id),
    getFieldMapping: (context: RequestContext, id: string) => getFieldMapping(useCases, context, id),
    putFieldMapping: (context: RequestContext, id: string, body: FieldMappingDefinition) => putFieldMapping(useCases, context, id, body),
    validateFieldMapping: (context: RequestContext, id: string, body: { mapping: FieldMappingDefinition; limit?: number }) => validateFieldMapping(useCases, context, id, body),
    discover: (context: RequestContext, id: string) => discoverIntegration(useCases, context, id),
  };
}

export type IntegrationService = ReturnType<typeof createIntegrationService>;
