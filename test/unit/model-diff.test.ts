import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diffInputSchemas, diffOutputSchemas } from '../../decision/model-diff';

const changes = (list: Array<{ name: string; change: string; breaking: boolean }>) =>
  list.map((c) => [c.name, c.change, c.breaking]);

describe('schema changes between model versions, classified', () => {
  const before = {
    required: ['tier', 'lines'],
    properties: {
      tier: { type: 'string', enum: ['gold', 'silver'] },
      channel: { type: 'string', enum: ['web', 'shop'] },
      member: { type: 'boolean' },
      ordered_on: { type: 'string', format: 'date' },
      lines: {
        type: 'array',
        maxItems: 10,
        items: {
          type: 'object',
          required: ['sku'],
          properties: { sku: { type: 'string' }, gift: { type: 'boolean' } },
        },
      },
      step: { type: 'number', multipleOf: 0.5 },
    },
  };

  it('reads an input schema change by what a request valid before may now meet', () => {
    const after = {
      required: ['tier', 'lines'],
      properties: {
        tier: { type: 'string', enum: ['gold'] },
        channel: { type: 'string', enum: ['web', 'shop', 'phone'] },
        member: { type: 'string' },
        ordered_on: { type: 'string', format: 'date-time' },
        lines: {
          type: 'array',
          maxItems: 5,
          items: { type: 'object', required: ['sku'], properties: { sku: { type: 'string', pattern: '^[A-Z]+$' } } },
        },
        step: { type: 'number', multipleOf: 0.25 },
      },
    };
    assert.deepEqual(changes(diffInputSchemas(before, after)), [
      ['tier', 'narrowed', true],
      ['channel', 'widened', false],
      ['member', 'type_changed', true],
      ['ordered_on', 'type_changed', true],
      ['lines', 'narrowed', true],
      ['lines[].gift', 'removed', true],
      ['lines[].sku', 'narrowed', true],
      ['step', 'widened', false],
    ]);
    const narrowedLines = diffInputSchemas(before, after).find((c) => c.name === 'lines');
    assert.match(narrowedLines?.detail ?? '', /maxItems 10 → 5/);
  });

  it('reads an output schema change by what a reader may now meet', () => {
    const after = {
      properties: {
        tier: { type: 'string', enum: ['gold', 'silver', 'bronze'] },
        channel: { type: 'string', enum: ['web'] },
        member: { type: 'boolean' },
        ordered_on: { type: 'string', format: 'date' },
        lines: {
          type: 'array',
          items: {
            type: 'object',
            properties: { sku: { type: 'integer' }, gift: { type: 'boolean' }, note: { type: 'string' } },
          },
        },
        step: { type: 'number' },
      },
    };
    assert.deepEqual(changes(diffOutputSchemas(before, after)), [
      ['tier', 'widened', true],
      ['lines[].sku', 'type_changed', true],
      ['lines[].note', 'added', false],
    ]);
  });
});
