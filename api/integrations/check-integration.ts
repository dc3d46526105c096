import type { RequestContext } from '../context';
import type { IntegrationUseCaseDeps } from './deps';

/** Connects to the integration's source and reports whether it answers, and how fast. */
export async function checkIntegration({ connections }: IntegrationUseCaseDeps, context: RequestContext, id: string) {
  const { record, connector, credentials, environment } = await connections.loadForConnection(context, id);
  const started = Date.now();
  const result = await connector.check(record.config, credentials, environment);
  return {
    object: 'connection_check' as const,
    integration_id: id,
    ...result,
    message: result.status === 'failed' ? result.message : null,
    latency_ms: Date.now() - started,
  };
}
