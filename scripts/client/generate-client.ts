/**
 * The typed TypeScript client's generated part (clients/typescript), written from the OpenAPI document the API serves:
 *
 * - `openapi.json`: the document itself, so a later commit can build the client of this one (the compatibility test);
 * - `src/generated/schema.ts`: every path, operation, schema and webhook as TypeScript types, by `openapi-typescript`;
 * - `src/generated/operations.ts`: one class per tag with one typed method per operation, and the table of operations
 *   (method, path, parameters, media types) the client's transport sends them by.
 *
 * Method names come from operation ids without the tag's noun (`createScenario` in "Scenarios" is `scenarios.create`,
 * `createModelTestCase` in "Models" is `models.createTestCase`); path parameters come first, in path order, then the
 * body (or, for an operation without one, the query), then the request options.
 */
import type { OpenApiDocument, OperationObject, ParameterObject, ResponseObject } from '../../api/openapi/types';

export const CLIENT_DIR = 'clients/typescript';
export const GENERATED_FILES = {
  document: `${CLIENT_DIR}/openapi.json`,
  schema: `${CLIENT_DIR}/src/generated/schema.ts`,
  operations: `${CLIENT_DIR}/src/generated/operations.ts`,
} as const;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const BANNER = (what: string) => `/**
 * ${what}
 * Generated from the OpenAPI document by scripts/generate-client.ts; do not edit. \`npm run generate:client\` rewrites it;
 * \`npm test\` fails while it differs from what the document gives.
 */
`;

export interface ClientOperation {
  operationId: string;
  group: string;
  name: string;
  method: (typeof METHODS)[number];
  path: string;
  pathParameters: string[];
  /** What the argument after the path parameters is: the body, the query, or nothing. */
  input: 'body' | 'query' | 'none';
  inputRequired: boolean;
  /** The query goes in the options when the input is the body (an upload's `filename`). */
  optionsQuery: boolean;
  bodyMediaType?: string;
  /** How a success is read: JSON, text (a CSV or NDJSON download), nothing (204), or events (Server-Sent Events). */
  response: 'json' | 'text' | 'none' | 'stream';
  successStatuses: number[];
  paginated: boolean;
  authenticated: boolean;
  summary: string;
}

/** "API keys" → apiKeys; "KPI alerts" → kpiAlerts; "OAuth clients" → oauthClients. */
export function groupName(tag: string): string {
  const words = tag.split(/\s+/).map((word) => word.toLowerCase());
  return words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
}

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** The operation id without the tag's noun (plural first, then singular), where it stands as whole words. */
export function methodName(operationId: string, tag: string): string {
  const noun = tag
    .split(/\s+/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())
    .join('');
  for (const candidate of [noun, singular(noun)]) {
    // Case-insensitive (OAuth, KPI), but only as whole words: a capital at both ends (`putKpiSource` keeps `Source`).
    let index = operationId.toLowerCase().indexOf(candidate.toLowerCase(), 1);
    while (index > 0) {
      const after = operationId[index + candidate.length];
      const whole = /[A-Z]/.test(operationId[index]!) && (after === undefined || /[A-Z]/.test(after));
      const rest = operationId.slice(0, index) + operationId.slice(index + candidate.length);
      if (whole && rest.length > 0) return rest;
      index = operationId.toLowerCase().indexOf(candidate.toLowerCase(), index + 1);
    }
  }
  return operationId;
}

function parametersOf(document: OpenApiDocument, operation: OperationObject): ParameterObject[] {
  return (operation.parameters ?? []).map((parameter) =>
    '$ref' in parameter
      ? (document.components.parameters[parameter.$ref.replace('#/components/parameters/', '')] as ParameterObject)
      : parameter,
  );
}

function responseOf(document: OpenApiDocument, response: ResponseObject | { $ref: string }): ResponseObject {
  return '$ref' in response
    ? (document.components.responses[response.$ref.replace('#/components/responses/', '')] as ResponseObject)
    : response;
}

export function clientOperations(document: OpenApiDocument): ClientOperation[] {
  const operations: ClientOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0];
      if (!tag || !operation.operationId) throw new Error(`${method.toUpperCase()} ${path} has no tag or operationId`);
      const parameters = parametersOf(document, operation);
      const pathParameters = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      const query = parameters.filter((parameter) => parameter.in === 'query');
      const body = operation.requestBody;
      const bodyMediaType = body ? Object.keys(body.content)[0] : undefined;
      const successes = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
      const media = successes.flatMap(([, response]) => Object.keys(responseOf(document, response).content ?? {}));
      // JSON is application/json or a +json type; NDJSON (an audit export's lines) and CSV downloads are text; an
      // event stream never ends, so it is read as it comes.
      const response = media.includes('text/event-stream')
        ? 'stream'
        : media.some((type) => type === 'application/json' || type.endsWith('+json'))
          ? 'json'
          : media.length > 0
            ? 'text'
            : 'none';
      const listSchema = successes[0]
        ? responseOf(document, successes[0][1]).content?.['application/json']?.schema
        : undefined;
      const listed = listSchema?.$ref
        ? document.components.schemas[listSchema.$ref.replace('#/components/schemas/', '')]
        : listSchema;
      const paginated =
        query.some((parameter) => parameter.name === 'cursor') &&
        Boolean((listed as { properties?: Record<string, unknown> } | undefined)?.properties?.next_cursor);
      operations.push({
        operationId: operation.operationId,
        group: groupName(tag),
        name: methodName(operation.operationId, tag),
        method,
        path,
        pathParameters,
        input: body ? 'body' : query.length > 0 ? 'query' : 'none',
        inputRequired: body ? body.required === true : query.some((parameter) => parameter.required === true),
        optionsQuery: Boolean(body) && query.length > 0,
        ...(bodyMediaType ? { bodyMediaType } : {}),
        response,
        successStatuses: successes.map(([status]) => Number(status)),
        paginated,
        authenticated: !(Array.isArray(operation.security) && operation.security.length === 0),
        summary: operation.summary ?? operation.operationId,
      });
    }
  }
  const seen = new Map<string, string>();
  for (const operation of operations) {
    const key = `${operation.group}.${operation.name}`;
    const other = seen.get(key);
    if (other) throw new Error(`${operation.operationId} and ${other} would both be ${key}`);
    seen.set(key, operation.operationId);
  }
  return operations;
}

function className(group: string): string {
  return `${group[0]!.toUpperCase()}${group.slice(1)}Operations`;
}

function comment(text: string): string {
  return text.replace(/\*\//g, '*\\/');
}

function methodSource(operation: ClientOperation): string {
  const id = JSON.stringify(operation.operationId);
  const args = operation.pathParameters.map((name) => `${camel(name)}: string`);
  const values = operation.pathParameters.map(camel);
  if (operation.input === 'body') args.push(`body${operation.inputRequired ? '' : '?'}: Body<${id}>`);
  if (operation.input === 'query') args.push(`query${operation.inputRequired ? '' : '?'}: Query<${id}>`);
  args.push(`options?: ${operation.optionsQuery ? `RequestOptions & { query?: Query<${id}> }` : 'RequestOptions'}`);
  const input = operation.input === 'body' ? 'body' : operation.input === 'query' ? 'query' : 'undefined';
  const docs = `  /**\n   * ${comment(operation.summary)}\n   *\n   * \`${operation.method.toUpperCase()} ${operation.path}\` (\`${operation.operationId}\`)${operation.paginated ? '. Await it for one page, or iterate it (`for await`) for every item of every page.' : ''}${operation.response === 'stream' ? '. Iterate it (`for await`) for every event as it comes; it reconnects after a drop without missing one.' : ''}\n   */\n`;
  if (operation.response === 'stream') {
    const streamArgs = [...args.slice(0, -1), 'options?: StreamOptions'];
    return `${docs}  ${operation.name}(${streamArgs.join(', ')}): EventStream {\n    return this.transport.stream(${id}, [${values.join(', ')}], ${input}, options);\n  }\n`;
  }
  if (operation.paginated) {
    return `${docs}  ${operation.name}(${args.join(', ')}): PagePromise<Result<${id}>, Item<${id}>> {\n    return this.transport.page(${id}, [${values.join(', ')}], ${input}, options);\n  }\n`;
  }
  return `${docs}  ${operation.name}(${args.join(', ')}): Promise<Result<${id}>> {\n    return this.transport.call(${id}, [${values.join(', ')}], ${input}, options);\n  }\n`;
}

function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The operations module: the table, then one class per group. */
export function operationsSource(document: OpenApiDocument): string {
  const operations = clientOperations(document);
  const groups = [...new Set(operations.map((operation) => operation.group))];
  const table = operations
    .map((operation) => {
      const { operationId, summary: _summary, ...rest } = operation;
      return `  ${operationId}: ${JSON.stringify(rest)},`;
    })
    .join('\n');
  const events = Object.keys(document.webhooks ?? {}).sort();
  const classes = groups
    .map((group) => {
      const methods = operations
        .filter((operation) => operation.group === group)
        .map(methodSource)
        .join('\n');
      return `/** The ${group} operations. */\nexport class ${className(group)} {\n  constructor(protected readonly transport: Transport) {}\n\n${methods}}\n`;
    })
    .join('\n');
  return `${BANNER('Every operation of the API as a typed method, grouped by tag, and the table the transport sends them by.')}
import type { Body, Item, Query, Result } from '../types';
import type { EventStream, StreamOptions } from '../events';
import type { PagePromise } from '../pagination';
import type { RequestOptions, Transport } from '../transport';

/** What the transport needs to send each operation: method, path template, parameters, media types. */
export const OPERATIONS = {
${table}
} as const satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof OPERATIONS;

export interface OperationSpec {
  group: string;
  name: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  pathParameters: readonly string[];
  input: 'body' | 'query' | 'none';
  inputRequired: boolean;
  optionsQuery: boolean;
  bodyMediaType?: string;
  response: 'json' | 'text' | 'none' | 'stream';
  successStatuses: readonly number[];
  paginated: boolean;
  authenticated: boolean;
}

/** The event types a webhook subscription can receive (the document's \`webhooks\`). */
export const WEBHOOK_EVENT_TYPES = ${JSON.stringify(events, null, 2).replace(/\n/g, '\n')} as const;

/** The operation groups, by property name on the client. */
export const GROUPS = ${JSON.stringify(groups)} as const;

${classes}
/** One property per group; the client extends it with its helpers. */
export class GeneratedOperations {
${groups.map((group) => `  readonly ${group}: ${className(group)};`).join('\n')}

  constructor(transport: Transport) {
${groups.map((group) => `    this.${group} = new ${className(group)}(transport);`).join('\n')}
  }
}
`;
}

/** Every generated file, by path from the repository root. */
export async function generateClientFiles(document: OpenApiDocument): Promise<Map<string, string>> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], {
    exportType: false,
    defaultNonNullable: false,
    emptyObjectsUnknown: true,
  });
  const schema = `${BANNER("The API's paths, operations, components and webhooks as TypeScript types (openapi-typescript).")}${astToString(ast)}`;
  return new Map([
    [GENERATED_FILES.document, `${JSON.stringify(document, null, 2)}\n`],
    [GENERATED_FILES.schema, schema],
    [GENERATED_FILES.operations, operationsSource(document)],
  ]);
}
