import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import type { Knex } from 'knex';
import { notFound, validationFailed, type FieldError } from '../../core/app-error';
import type { Config } from '../../core/config';
import { decryptCredentials, encryptCredentials, type ConnectorCredentials } from '../../core/connector-credentials';
import { isIdOf } from '../../core/ids';
import type { IntegrationRecord } from '../../db/records/integration';
import { createUploadSource } from '../../db/repositories/integration-uploads';
import { findIntegration } from '../../db/repositories/integrations';
import { inTenantTransaction } from '../../db/tenant-scope';
import { CONNECTORS, type Connector, type ConnectorEnvironment } from '../../integrations/connectors';
import { systemResolveHost } from '../../integrations/connectors/network';
import type { RequestContext } from '../context';
import { addRequestFormats, toFieldErrors } from '../openapi/validators';

/** An integration id that cannot be one is a 404 before any query. */
export function requireIntegrationId(id: string): void {
  if (!isIdOf('integration', id)) throw notFound('integration', id);
}

/**
 * The JSON Schema validators of a connector type's configuration and credentials, compiled on the type's first use
 * and kept (compiling every type's at start took a sixth of a second of every process that builds the app).
 */
function connectorSchemas() {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    useDefaults: true,
    allowUnionTypes: true,
  });
  addRequestFormats(ajv);
  const compiled = new Map<string, { config: ValidateFunction; credentials: ValidateFunction }>();
  return {
    get(type: string) {
      const connector = Object.hasOwn(CONNECTORS, type) ? CONNECTORS[type] : undefined;
      if (!connector) return undefined;
      let validators = compiled.get(type);
      if (!validators) {
        validators = { config: ajv.compile(connector.spec), credentials: ajv.compile(connector.credentialsSpec) };
        compiled.set(type, validators);
      }
      return validators;
    },
  };
}

/**
 * An integration's settings and the way into its source: validating a connector's configuration and credentials,
 * sealing and opening the credentials, and loading an integration to check or discover it. Built once per process
 * (each connector type's schemas compile once, on first use).
 */
export function createIntegrationConnections(deps: {
  db: Knex;
  config: Config;
  connectorEnvironment?: Partial<ConnectorEnvironment>;
}) {
  const { db, config } = deps;
  const key = config.webhooks.secretEncryptionKey;
  const schemas = connectorSchemas();
  // Checks and discovery run inside a request: one retry at most, within the webhook timeout.
  const environment: ConnectorEnvironment = {
    allowedHosts: config.webhooks.allowedHosts,
    requireHttps: config.webhooks.requireHttps,
    resolveHost: systemResolveHost,
    timeoutMs: config.webhooks.timeoutMs,
    maxRetries: 1,
    ...deps.connectorEnvironment,
  };

  /** The configuration with the spec's defaults filled in, or the field errors (paths under /config and /credentials). */
  const validateSettings = (
    type: string,
    rawConfig: Record<string, unknown>,
    credentials: ConnectorCredentials,
  ): Record<string, unknown> => {
    const connector = CONNECTORS[type];
    const validators = schemas.get(type);
    if (!connector || !validators)
      throw validationFailed([
        { path: '/connector_type', message: `must be one of: ${Object.keys(CONNECTORS).join(', ')}` },
      ]);
    const configuration = structuredClone(rawConfig);
    const errors: FieldError[] = [];
    if (!validators.config(configuration))
      errors.push(...toFieldErrors(validators.config.errors).map((e) => ({ ...e, path: `/config${e.path}` })));
    if (!validators.credentials(credentials))
      errors.push(
        ...toFieldErrors(validators.credentials.errors).map((e) => ({ ...e, path: `/credentials${e.path}` })),
      );
    if (errors.length === 0)
      errors.push(
        ...(connector as Connector<Record<string, unknown>>).validate(configuration, credentials, environment),
      );
    if (errors.length > 0)
      throw validationFailed(
        errors,
        `The ${type} integration's settings are not valid; see GET /api/v1/integrations/connector-types.`,
      );
    return configuration;
  };

  /** The stored credentials, opened; if no configured key opens them (the key changed), the caller must send them again. */
  const credentialsOf = (record: IntegrationRecord): ConnectorCredentials => {
    if (!record.credentials_ciphertext || !record.credentials_key_id) return {};
    try {
      return decryptCredentials({ ciphertext: record.credentials_ciphertext, keyId: record.credentials_key_id }, [
        key,
        ...config.webhooks.previousSecretEncryptionKeys,
      ]);
    } catch {
      throw validationFailed(
        [
          {
            path: '/credentials',
            message: `the stored credentials were encrypted with key ${record.credentials_key_id}, which is not configured: send them again (PATCH)`,
          },
        ],
        "The integration's stored credentials cannot be opened with the configured key.",
      );
    }
  };

  /** The credentials as stored: encrypted with the current key, or nothing. */
  const sealed = (credentials: ConnectorCredentials) => {
    if (Object.keys(credentials).length === 0) return { credentials_ciphertext: null, credentials_key_id: null };
    const { ciphertext, keyId } = encryptCredentials(credentials, key);
    return { credentials_ciphertext: ciphertext, credentials_key_id: keyId };
  };

  /** The integration with its connector and opened credentials, for a check or a discovery. */
  const loadForConnection = async ({ tenantId }: RequestContext, id: string) => {
    requireIntegrationId(id);
    const record = await inTenantTransaction(db, tenantId, (scope) => findIntegration(scope, id));
    if (!record) throw notFound('integration', id);
    const connector = CONNECTORS[record.connector_type] as Connector<Record<string, unknown>>;
    // The integration's own uploads (the csv connector's source), read within the caller's tenant.
    const connection = { ...environment, uploads: createUploadSource(db, tenantId, record.id) };
    return { record, connector, credentials: credentialsOf(record), environment: connection };
  };

  return { validateSettings, credentialsOf, sealed, loadForConnection };
}

export type IntegrationConnections = ReturnType<typeof createIntegrationConnections>;
