import type { JsonSchema, ModelInputs } from '../types';

const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** A closed object schema for a model's inputs; `examples` holds complete, valid input sets. */
export function inputsSchema(spec: {
  properties: Record<string, JsonSchema>;
  required: string[];
  examples: ModelInputs[];
}): JsonSchema {
  return {
    $schema: JSON_SCHEMA_DIALECT,
    type: 'object',
    additionalProperties: false,
    required: spec.required,
    properties: spec.properties,
    examples: spec.examples,
  };
}

/** A closed object schema for a model's `metrics`, so a metric cannot appear without being described. */
export function metricsSchema(spec: { properties: Record<string, JsonSchema>; required: string[] }): JsonSchema {
  return {
    $schema: JSON_SCHEMA_DIALECT,
    type: 'object',
    additionalProperties: false,
    required: spec.required,
    properties: spec.properties,
  };
}
