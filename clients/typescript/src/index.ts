export { DecisionModelingClient, Scenarios, Batches, Integrations, Models, AuditExports, FINISHED } from './client';
export type {
  ClientOptions,
  WaitRequestOptions,
  Scenario,
  ScenarioBatch,
  IntegrationSync,
  ModelReplay,
  AuditExport,
} from './client';
export { apiKey, clientCredentials, userToken } from './auth';
export type { Authenticator, AuthContext, ClientCredentialsOptions, UserTokenOptions } from './auth';
export { ProblemError, RedirectRefusedError, RepeatedCursorError, WaitTimeoutError } from './errors';
export type { Problem, ProblemCode, FieldError } from './errors';
export { PagePromise } from './pagination';
export { Transport, retryAfterMs } from './transport';
export type { RequestOptions, TransportOptions, Exchange } from './transport';
export type { WaitOptions } from './waiting';
export { EventStream } from './events';
export type { StreamedEvent, StreamOptions } from './events';
export { verifyWebhook, isKnownEventType, WebhookSignatureError } from './webhooks';
export type { WebhookEvent, WebhookEventOf, WebhookEventType, WebhookHeaders, VerifyWebhookOptions } from './webhooks';
export { OPERATIONS, WEBHOOK_EVENT_TYPES, GROUPS } from './generated/operations';
export type { OperationId, OperationSpec } from './generated/operations';
export type { Body, Query, Result, Item } from './types';
export type { paths, operations, components, webhooks } from './generated/schema';
