import { CONNECTORS } from '../../integrations/connectors';

/** The connector types and the JSON Schemas of their configuration and credentials. */
export function listConnectorTypes() {
  return {
    data: Object.values(CONNECTORS).map((c) => ({
      object: 'connector_type' as const,
      type: c.type,
      title: c.title,
      description: c.description,
      spec: c.spec,
      credentials_spec: c.credentialsSpec,
    })),
    next_cursor: null,
  };
}
