import { connectorFailed } from '../../core/errors';
import { ConnectorError } from '../../integrations/connectors';
import type { RequestContext } from '../context';
import type { IntegrationUseCaseDeps } from './deps';

/** The streams the source offers and their fields. */
export async function discoverIntegration(
  { connections }: IntegrationUseCaseDeps,
  context: RequestContext,
  id: string,
) {
  const { record, connector, credentials, environment } = await connections.loadForConnection(context, id);
  try {
    const streams = await connector.discover(record.config, credentials, environment);
    return { object: 'catalog' as const, integration_id: id, streams };
  } catch (error) {
    if (error instanceof ConnectorError) throw connectorFailed(error.message);
    throw error;
  }
}
