import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mapRecord, mappingProblems, type FieldMappingDefinition } from '../../integrations/field-mapping';

const mapping = (fields: FieldMappingDefinition['fields']): FieldMappingDefinition => ({ stream: 's', target: 'employees', fields: { employee_id: { source: 'id' }, ...fields } });

describe('field mappings', () => {
  it('renames, casts, maps values, evaluates zen-engine expressions and fills defaults, in that order', async () => {
    const { record, errors } = await mapRecord(
      mapping({
        name: { source: 'first', transforms: [{ type: 'expression', expression: 'value + " " + record.last' }] },
        employment_type: { source: 'kind', transforms: [{ type: 'value_map', values: { FT: 'full_time', PT: 'part_time' } }] },
        fte: { source: 'fte', transforms: [{ type: 'cast', to: 'number' }] },
        salary: { source: 'pay', transforms: [{ type: 'cast', to: 'number' }] },
        start_date: { source: 'hired', transforms: [{ type: 'cast', to: 'date' }] },
        currency: { source: 'currency', default: 'EUR' },
        status: { source: 'active', transforms: [{ type: 'cast', to: 'boolean' }, { type: 'expression', expression: 'value ? "active" : "terminated"' }] },
      }),
      { id: 42, first: 'Ada', last: 'Lovelace', kind: 'PT', fte: '0.5', pay: '1,234.50', hired: '2024-02-29T12:00:00Z', currency: '', active: 'no' },
    );
    assert.deepEqual(errors, []);
    assert.deepEqual(record, {
      employee_id: '42',
      name: 'Ada Lovelace',
      employment_type: 'part_time',
      fte: 0.5,
      salary: 1234.5,
      start_date: '2024-02-29',
      currency: 'EUR',
      status: 'terminated',
    });
  });

  it('rejects a record whose values do not cast, naming each field, and one without its primary key', async () => {
    const bad = await mapRecord(mapping({ salary: { source: 'pay', transforms: [{ type: 'cast', to: 'number' }] }, start_date: { source: 'hired' } }), {
      id: 'e1',
      pay: 'lots',
      hired: 'last spring',
    });
    assert.deepEqual(bad.errors, [
      { path: '/salary', message: '"lots" is not a number' },
      { path: '/start_date', message: '"last spring" is not a date' },
    ]);
    const keyless = await mapRecord(mapping({}), { name: 'x' });
    assert.deepEqual(keyless.errors, [{ path: '/employee_id', message: 'is empty: a record needs its primary key' }]);
  });

  it('finds the problems of a mapping before any record: unknown fields, the key, unparsable or clock-reading expressions, missing sources', async () => {
    const problems = await mappingProblems(
      {
        stream: 's',
        target: 'employees',
        fields: {
          height: { source: 'h' },
          name: { source: 'nom' },
          title: {},
          salary: { source: 'pay', transforms: [{ type: 'expression', expression: '(value' }] },
          end_date: { source: 'pay', transforms: [{ type: 'expression', expression: 'd()' }] },
        },
      },
      ['pay'],
    );
    assert.deepEqual(problems.map((p) => p.path).sort(), [
      '/fields/employee_id',
      '/fields/end_date/transforms/0/expression',
      '/fields/height',
      '/fields/name/source',
      '/fields/salary/transforms/0/expression',
      '/fields/title',
    ]);
  });
});
