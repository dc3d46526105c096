/** The subset of OpenAPI 3.1 types our document builder uses. Schemas are JSON Schema 2020-12. */
export type SchemaObject = Record<string, unknown> & { $ref?: string };

export interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  description?: string;
  schema: SchemaObject;
  /** A value the examples test sends (a required query parameter needs one). */
  example?: unknown;
}

export interface MediaTypeObject {
  schema: SchemaObject;
  example?: unknown;
  examples?: Record<string, unknown>;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<ParameterObject | { $ref: string }>;
  requestBody?: { required?: boolean; description?: string; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject | { $ref: string }>;
  'x-required-scope'?: string;
  'x-strict-query'?: boolean;
  /** A named body limit (see api/openapi/operations.ts); operations without one take the default limit. */
  'x-body-limit'?: 'batch' | 'test_case_import';
  /** The handler reads the request body as a stream (an upload): the JSON body parser and the idempotency store leave it alone. */
  'x-streamed-body'?: boolean;
  /** Only a user principal (an OAuth access token for a person) may call it; API keys get 403 `user_actor_required`. */
  'x-user-actor-required'?: boolean;
}

export type PathItem = Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', OperationObject>> & {
  parameters?: Array<ParameterObject | { $ref: string }>;
};

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  servers: Array<{
    url: string;
    description?: string;
    variables?: Record<string, { default: string; description?: string }>;
  }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, SchemaObject>;
    parameters: Record<string, ParameterObject>;
    responses: Record<string, ResponseObject>;
    headers: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
  security: Array<Record<string, string[]>>;
  webhooks?: Record<string, unknown>;
}
