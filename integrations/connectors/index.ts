import { bambooHrConnector } from './bamboohr';
import type { Connector } from './connector';
import { csvConnector } from './csv';
import { mergeHrisConnector } from './merge-hris';
import { postgresConnector } from './postgres';
import { restConnector } from './rest';

export * from './connector';

/** Every connector type, by its `type`. Adding a provider: its file in this folder, and one entry here. */
export const CONNECTORS: Record<string, Connector<never>> = {
  csv: csvConnector as Connector<never>,
  bamboohr: bambooHrConnector as Connector<never>,
  merge_hris: mergeHrisConnector as Connector<never>,
  postgres: postgresConnector as Connector<never>,
  rest: restConnector as Connector<never>,
};

export const CONNECTOR_TYPES = Object.keys(CONNECTORS);
