import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMPLOYEES_DATASET, type DatasetDefinition } from '../../integrations/datasets';
import {
  compileDateFormat,
  compileMapping,
  mapRecord,
  mappingProblems,
  type FieldMappingDefinition,
  type FieldTransform,
} from '../../integrations/field-mapping';

const mapping = (fields: FieldMappingDefinition['fields']): FieldMappingDefinition => ({
  stream: 's',
  target: 'employees',
  fields: { employee_id: { source: 'id' }, ...fields },
});
const employees = (fields: FieldMappingDefinition['fields'], record: Record<string, unknown>) =>
  mapRecord(mapping(fields), EMPLOYEES_DATASET, record);

const contractors: DatasetDefinition = {
  name: 'contractors',
  primaryKey: 'contractor_id',
  fields: {
    contractor_id: { type: 'integer' },
    full_name: { type: 'string' },
    day_rate: { type: 'number' },
    active: { type: 'boolean' },
    signed_on: { type: 'date' },
    last_login: { type: 'date-time' },
  },
};

/** One field's value through one transform chain (the employees `name` field: a string). */
const through = (transforms: FieldTransform[], value: unknown, record: Record<string, unknown> = {}) =>
  mapRecord(
    {
      stream: 's',
      target: 'contractors',
      fields: { contractor_id: { default: 1 }, signed_on: { source: 'v', transforms } },
    },
    contractors,
    { ...record, v: value },
  );

describe('field mappings', () => {
  it('renames, casts, maps values, evaluates zen-engine expressions and fills defaults, in that order', () => {
    const { record, errors } = employees(
      {
        name: { source: 'first', transforms: [{ type: 'expression', expression: 'value + " " + record.last' }] },
        employment_type: {
          source: 'kind',
          transforms: [{ type: 'value_map', values: { FT: 'full_time', PT: 'part_time' } }],
        },
        fte: { source: 'fte', transforms: [{ type: 'cast', to: 'number' }] },
        salary: { source: 'pay', transforms: [{ type: 'cast', to: 'number' }] },
        start_date: { source: 'hired', transforms: [{ type: 'cast', to: 'date' }] },
        currency: { source: 'currency', default: 'EUR' },
        status: {
          source: 'active',
          transforms: [
            { type: 'cast', to: 'boolean' },
            { type: 'expression', expression: 'value ? "active" : "terminated"' },
          ],
        },
      },
      {
        id: 42,
        first: 'Ada',
        last: 'Lovelace',
        kind: 'PT',
        fte: '0.5',
        pay: '1,234.50',
        hired: '2024-02-29T12:00:00Z',
        currency: '',
        active: 'no',
      },
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

  it('rejects a record whose values do not cast, naming each field, and one without its primary key', () => {
    const bad = employees(
      { salary: { source: 'pay', transforms: [{ type: 'cast', to: 'number' }] }, start_date: { source: 'hired' } },
      { id: 'e1', pay: 'lots', hired: 'last spring' },
    );
    assert.deepEqual(bad.errors, [
      { path: '/salary', message: '"lots" is not a number' },
      { path: '/start_date', message: '"last spring" is not a date' },
    ]);
    const keyless = employees({}, { name: 'x' });
    assert.deepEqual(keyless.errors, [{ path: '/employee_id', message: 'is empty: a record needs its primary key' }]);
  });

  describe('date_format', () => {
    const cases: Array<[string, unknown, string]> = [
      ['MM/DD/YYYY', '02/29/2024', '2024-02-29'],
      ['DD.MM.YYYY', '31.12.1999', '1999-12-31'],
      ['YYYYMMDD', '20240131', '2024-01-31'],
      ['YYYYMMDD', 20240131, '2024-01-31'],
      ['M/D/YY', '3/7/24', '2024-03-07'],
      ['M/D/YY', '12/25/69', '1969-12-25'],
      ['M/D/YY', ' 1/2/68 ', '2068-01-02'],
      ['D-M-YYYY', '9-11-2001', '2001-11-09'],
      ['YYYY-MM-DD', '2024-06-01', '2024-06-01'],
    ];
    for (const [format, input, expected] of cases) {
      it(`parses ${JSON.stringify(input)} as ${format}`, () => {
        const { record, errors } = through([{ type: 'date_format', format }], input);
        assert.deepEqual(errors, []);
        assert.equal(record.signed_on, expected);
      });
    }

    it('is strict: the whole value must match the format and be a real date; each failure names its field', () => {
      const refused: Array<[string, unknown, string]> = [
        ['MM/DD/YYYY', '2/29/2024', '"2/29/2024" is not a date in the format MM/DD/YYYY'],
        ['MM/DD/YYYY', '02/30/2024', '"02/30/2024" is not a calendar date (format MM/DD/YYYY)'],
        ['MM/DD/YYYY', '13/01/2024', '"13/01/2024" is not a calendar date (format MM/DD/YYYY)'],
        ['DD.MM.YYYY', '29.02.2023', '"29.02.2023" is not a calendar date (format DD.MM.YYYY)'],
        ['YYYYMMDD', '2024013', '"2024013" is not a date in the format YYYYMMDD'],
        ['DD.MM.YYYY', '01/02/2024', '"01/02/2024" is not a date in the format DD.MM.YYYY'],
        ['MM/DD/YYYY', '02/29/2024 10:00', '"02/29/2024 10:00" is not a date in the format MM/DD/YYYY'],
        ['MM/DD/YYYY', true, 'true is not a date in the format MM/DD/YYYY'],
      ];
      for (const [format, input, message] of refused) {
        assert.deepEqual(
          through([{ type: 'date_format', format }], input).errors,
          [{ path: '/signed_on', message }],
          `${format} ${String(input)}`,
        );
      }
      // Empty stays empty (a default may fill it).
      assert.deepEqual(through([{ type: 'date_format', format: 'MM/DD/YYYY' }], '').record.signed_on, null);
    });

    it('refuses formats that are unknown, incomplete or ambiguous', () => {
      assert.equal(typeof compileDateFormat('YYYY-MM-DD'), 'object');
      assert.match(compileDateFormat('YYYYMD') as string, /M must be followed by a separator/);
      assert.match(compileDateFormat('MM/YYYY') as string, /needs a day/);
      assert.match(compileDateFormat('DD/MM/YYYY/YY') as string, /two year tokens/);
      assert.match(compileDateFormat('DD MMM YYYY') as string, /two month tokens|followed by a separator/);
      assert.match(compileDateFormat('Do MM YYYY') as string, /unknown token at "o MM YYYY"/);
      assert.match(compileDateFormat('DD/MM/2024') as string, /digits/);
    });
  });

  describe('concat', () => {
    it('joins source fields and literals with the separator, skipping empty parts', () => {
      const name = (record: Record<string, unknown>) =>
        employees(
          {
            name: {
              transforms: [
                { type: 'concat', fields: ['title', 'first', 'last', { literal: '(contractor)' }], separator: ' ' },
              ],
            },
          },
          { id: 1, ...record },
        ).record.name;
      assert.equal(name({ title: 'Dr', first: 'Ada', last: 'Lovelace' }), 'Dr Ada Lovelace (contractor)');
      assert.equal(name({ title: '', first: 'Ada', last: null }), 'Ada (contractor)');
      assert.equal(name({ first: 'Ada', last: 7 }), 'Ada 7 (contractor)');
    });

    it('is empty when every part is, so a default applies; an object part is an error for its field', () => {
      const field = { transforms: [{ type: 'concat' as const, fields: ['a', 'b'] }], default: 'n/a' };
      assert.equal(employees({ name: field }, { id: 1 }).record.name, 'n/a');
      assert.equal(employees({ name: field }, { id: 1, a: 'x', b: 'y' }).record.name, 'xy');
      assert.deepEqual(employees({ name: field }, { id: 1, a: { nested: true } }).errors, [
        { path: '/name', message: 'a is not a scalar, so it cannot be concatenated' },
      ]);
    });
  });

  describe('value_map', () => {
    it('maps known values, sends unknown non-empty values to default_value, and leaves empties to the field default', () => {
      const field = {
        source: 'kind',
        transforms: [
          { type: 'value_map' as const, values: { FT: 'full_time', PT: 'part_time' }, default_value: 'other' },
        ],
        default: 'unknown',
      };
      const kind = (value: unknown) =>
        employees({ employment_type: field }, { id: 1, kind: value }).record.employment_type;
      assert.equal(kind('FT'), 'full_time');
      assert.equal(kind('XX'), 'other');
      assert.equal(kind(''), 'unknown');
      assert.equal(kind(null), 'unknown');
      // Without default_value an unknown value passes unchanged; keys that are Object.prototype names are not matches.
      assert.equal(
        employees(
          { employment_type: { source: 'kind', transforms: [{ type: 'value_map', values: { FT: 'full_time' } }] } },
          { id: 1, kind: 'constructor' },
        ).record.employment_type,
        'constructor',
      );
    });
  });

  it('composes every transform on one field: rename, value_map, concat, date_format, expression, cast, default', () => {
    const { record, errors } = mapRecord(
      {
        stream: 's',
        target: 'contractors',
        fields: {
          contractor_id: { source: 'ref', transforms: [{ type: 'expression', expression: 'value + 1000' }] },
          full_name: {
            transforms: [
              { type: 'concat', fields: ['first', 'last'], separator: ' ' },
              { type: 'expression', expression: 'upper(value)' },
            ],
          },
          day_rate: {
            source: 'rate',
            transforms: [
              { type: 'cast', to: 'number' },
              { type: 'expression', expression: 'value * 8' },
            ],
          },
          active: {
            source: 'state',
            transforms: [{ type: 'value_map', values: { A: 'yes', T: 'no' }, default_value: 'no' }],
          },
          signed_on: {
            source: 'signed',
            transforms: [{ type: 'date_format', format: 'DD.MM.YYYY' }],
            default: '2020-01-01',
          },
          last_login: { source: 'login' },
        },
      },
      contractors,
      {
        ref: 7,
        first: 'Grace',
        last: 'Hopper',
        rate: '125.5',
        state: 'Z',
        signed: '',
        login: '2026-01-02T03:04:05+02:00',
      },
    );
    assert.deepEqual(errors, []);
    assert.deepEqual(record, {
      contractor_id: 1007,
      full_name: 'GRACE HOPPER',
      day_rate: 1004,
      active: false,
      signed_on: '2020-01-01',
      last_login: '2026-01-02T01:04:05.000Z',
    });
    // The target's types are enforced after the transforms: a fractional id is not an integer.
    assert.deepEqual(through([], '2024-01-01', {}).errors, []);
    const fractional = mapRecord(
      { stream: 's', target: 'contractors', fields: { contractor_id: { source: 'id' } } },
      contractors,
      { id: '1.5' },
    );
    assert.deepEqual(fractional.errors, [{ path: '/contractor_id', message: '"1.5" is not an integer' }]);
  });

  it('finds the problems of a mapping before any record, as JSON Pointers: fields, key, sources, formats, expressions, defaults', () => {
    const problems = mappingProblems(
      {
        stream: 's',
        target: 'employees',
        fields: {
          height: { source: 'h' },
          name: { source: 'nom' },
          title: {},
          salary: { source: 'pay', transforms: [{ type: 'expression', expression: '(value' }] },
          end_date: { source: 'pay', transforms: [{ type: 'expression', expression: 'd()' }] },
          start_date: { source: 'pay', transforms: [{ type: 'date_format', format: 'YYYYMD' }], default: 'someday' },
          location: { transforms: [{ type: 'concat', fields: ['pay', 'city', { literal: 'x' }] }] },
          fte: { source: 'pay', default: 'full' },
        },
      },
      EMPLOYEES_DATASET,
      ['pay'],
    );
    assert.deepEqual(problems.map((p) => p.path).sort(), [
      '/fields/employee_id',
      '/fields/end_date/transforms/0/expression',
      '/fields/fte/default',
      '/fields/height',
      '/fields/location/transforms/0/fields/1',
      '/fields/name/source',
      '/fields/salary/transforms/0/expression',
      '/fields/start_date/default',
      '/fields/start_date/transforms/0/format',
      '/fields/title',
    ]);
    // A tenant dataset: its own fields and primary key.
    assert.deepEqual(
      mappingProblems({ stream: 's', target: 'contractors', fields: { employee_id: { source: 'id' } } }, contractors)
        .map((p) => p.path)
        .sort(),
      ['/fields/contractor_id', '/fields/employee_id'],
    );
  });

  it('maps 100,000 records through a compiled mapping with an expression, none refused', () => {
    const compiled = compileMapping(
      mapping({
        name: { transforms: [{ type: 'concat', fields: ['first', 'last'], separator: ' ' }] },
        employment_type: {
          source: 'kind',
          transforms: [{ type: 'value_map', values: { FT: 'full_time', PT: 'part_time' } }],
        },
        start_date: { source: 'hired', transforms: [{ type: 'date_format', format: 'MM/DD/YYYY' }] },
        salary: {
          source: 'pay',
          transforms: [
            { type: 'cast', to: 'number' },
            { type: 'expression', expression: 'value * 12' },
          ],
        },
        status: { default: 'active' },
      }),
      EMPLOYEES_DATASET,
    );
    const records = Array.from({ length: 100_000 }, (_, i) => ({
      id: i,
      first: 'Ada',
      last: `L${i}`,
      kind: i % 2 ? 'FT' : 'PT',
      hired: '02/29/2024',
      pay: String(1000 + i),
    }));
    const started = process.hrtime.bigint();
    let rejected = 0;
    for (const record of records) if (compiled.map(record).errors.length > 0) rejected += 1;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const perSecond = Math.round(records.length / seconds);
    console.log(
      `mapRecord: 100,000 records in ${seconds.toFixed(2)} s (${perSecond} records/s, one zen-engine expression per record)`,
    );
    assert.equal(rejected, 0);
    // The speed is a benchmark's to judge (scripts/bench/expression-sandbox.ts), not a test's: a busy machine is slow.
  });
});
