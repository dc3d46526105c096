import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type {
  ConnectorEnvironment,
  RecordPage,
  StreamState,
  UploadedFile,
  UploadSource,
} from '../../integrations/connectors';
import { createCsvHeaderProbe, csvConnector, type CsvConfig } from '../../integrations/connectors/csv';
import { systemResolveHost } from '../../integrations/connectors/network';

/**
 * The csv connector's parsing over an in-memory upload store cut into small pieces, so rows and quoted fields
 * straddle piece boundaries. (The Postgres-backed store and the HTTP upload are tested in test/api/integration-uploads.test.ts.)
 */

const config: CsvConfig = { delimiter: ',', has_header: true, streams: [{ name: 'employees', primary_key: ['id'] }] };

/** Stores `text` as the API does: header probed, bytes in fixed-size pieces. */
async function uploadOf(
  text: string | Buffer,
  pieceBytes = 7,
  csv: CsvConfig = config,
): Promise<{ env: ConnectorEnvironment; upload: UploadedFile }> {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const probe = createCsvHeaderProbe(csv);
  for (let offset = 0; offset < bytes.length; offset += pieceBytes)
    await probe.push(bytes.subarray(offset, offset + pieceBytes));
  const result = await probe.finish();
  if ('errors' in result) throw new Error(JSON.stringify(result.errors));
  const upload: UploadedFile = {
    id: 'upl_1',
    columns: result.header.columns,
    delimiter: csv.delimiter,
    bytes: bytes.length,
    dataOffset: result.header.dataOffset,
    dataLine: result.header.dataLine,
  };
  const uploads: UploadSource = {
    find: async (id) => (id === undefined || id === upload.id ? upload : undefined),
    async *open(_id, offset) {
      let seq = Math.floor(offset / pieceBytes);
      let skip = offset - seq * pieceBytes;
      for (; seq * pieceBytes < bytes.length; seq += 1) {
        yield bytes.subarray(seq * pieceBytes + skip, (seq + 1) * pieceBytes);
        skip = 0;
      }
    },
  };
  return {
    env: { allowedHosts: [], requireHttps: false, resolveHost: systemResolveHost, timeoutMs: 1000, uploads },
    upload,
  };
}

async function readAll(
  env: ConnectorEnvironment,
  pageSize: number,
  state: StreamState | null = null,
  csv: CsvConfig = config,
): Promise<RecordPage[]> {
  const pages: RecordPage[] = [];
  for await (const page of csvConnector.read(csv, {}, env, { stream: 'employees', state, pageSize })) pages.push(page);
  return pages;
}

async function headerErrors(text: string) {
  const probe = createCsvHeaderProbe(config);
  await probe.push(Buffer.from(text));
  const result = await probe.finish();
  return 'errors' in result ? result.errors : [];
}

const BROKEN = [
  'id,name,salary',
  '1,Ada,100',
  '2,"Bo ""B""",200',
  '3,Cy',
  '4,"Di"x,300',
  '5,"multi',
  'line",500',
  '6,Ed,600,extra',
  '',
  '7,"unterminated,700',
  '8,Fa,800',
  '',
].join('\r\n');

describe('csv connector', () => {
  it('reads rows across piece boundaries, with quoted fields, CRLF, a BOM and empty values as null', async () => {
    const { env } = await uploadOf(
      `\ufeffid,name,salary\r\n1,"Ada, Countess",100\r\n2,"line\r\nbreak",\r\n\r\n3,"say ""hi""",300\r\n`,
    );
    const pages = await readAll(env, 2);
    assert.deepEqual(
      pages.flatMap((p) => p.records),
      [
        { id: '1', name: 'Ada, Countess', salary: '100' },
        { id: '2', name: 'line\r\nbreak', salary: null },
        { id: '3', name: 'say "hi"', salary: '300' },
      ],
    );
    assert.deepEqual(
      pages.map((p) => p.records.length),
      [2, 1],
    );
    assert.deepEqual(
      pages.flatMap((p) => p.rejected ?? []),
      [],
    );
  });

  it('turns each broken row into a rejection with its line and goes on with the next line', async () => {
    for (const pieceBytes of [5, 64, 100_000]) {
      const { env } = await uploadOf(BROKEN, pieceBytes);
      const pages = await readAll(env, 3);
      const records = pages.flatMap((p) => p.records);
      const rejected = pages.flatMap((p) => p.rejected ?? []);
      assert.deepEqual(
        records.map((r) => r.id),
        ['1', '2', '5', '8'],
        `pieces of ${pieceBytes}`,
      );
      assert.equal(records[2]!.name, 'multi\r\nline');
      assert.deepEqual(
        rejected.map((r) => [r.line, r.raw]),
        [
          [4, '3,Cy'],
          [5, '4,"Di"x,300'],
          [8, '6,Ed,600,extra'],
          [10, '7,"unterminated,700'],
        ],
        `pieces of ${pieceBytes}`,
      );
      assert.match(rejected[0]!.message, /2 fields; the header has 3/);
      assert.match(rejected[1]!.message, /quoted field is followed by/);
      assert.match(rejected[2]!.message, /2 fields|4 fields/);
      assert.match(rejected[3]!.message, /never closed/);
      // Pages hold at most pageSize rows of the file, read and refused together.
      assert.ok(pages.every((p) => p.records.length + (p.rejected?.length ?? 0) <= 3));
    }
  });

  it("resumes from any page's state with exactly the rows after it", async () => {
    const { env } = await uploadOf(BROKEN, 11);
    const pages = await readAll(env, 2);
    const all = pages.map((p) => [...p.records.map((r) => `r${r.id}`), ...(p.rejected ?? []).map((r) => `x${r.line}`)]);
    for (let i = 0; i < pages.length; i++) {
      const rest = await readAll(env, 2, pages[i]!.state);
      const resumed = rest.map((p) => [
        ...p.records.map((r) => `r${r.id}`),
        ...(p.rejected ?? []).map((r) => `x${r.line}`),
      ]);
      assert.deepEqual(resumed.flat(), all.slice(i + 1).flat(), `after page ${i}`);
    }
  });

  it('reads files without a header row with the configured columns', async () => {
    const csv: CsvConfig = {
      delimiter: ';',
      has_header: false,
      columns: ['id', 'name'],
      streams: [{ name: 'employees', primary_key: ['id'] }],
    };
    const { env, upload } = await uploadOf('1;Ada\n2;Bo\n', 4, csv);
    assert.deepEqual(upload.columns, ['id', 'name']);
    const pages = await readAll(env, 10, null, csv);
    assert.deepEqual(
      pages.flatMap((p) => p.records),
      [
        { id: '1', name: 'Ada' },
        { id: '2', name: 'Bo' },
      ],
    );
  });

  it('discovers the columns with types inferred from the first rows', async () => {
    const { env } = await uploadOf(
      'id,name,salary,fte,active,start_date\ne1,Ada,100,1.0,true,2026-01-05\ne2,Bo,,0.5,false,2026-02-01\n007,Cy,90,1,TRUE,\n',
    );
    const [stream] = await csvConnector.discover(config, {}, env);
    assert.deepEqual(stream!.fields, [
      { name: 'id', type: 'string' },
      { name: 'name', type: 'string' },
      { name: 'salary', type: 'integer' },
      { name: 'fte', type: 'number' },
      { name: 'active', type: 'boolean' },
      { name: 'start_date', type: 'date' },
    ]);
    assert.deepEqual(stream!.cursor_field, null);
  });

  it('refuses unusable headers', async () => {
    assert.deepEqual(await headerErrors(''), [{ path: '', message: 'the file is empty: it needs a header row' }]);
    assert.deepEqual(await headerErrors('\n\n'), [{ path: '', message: 'the file is empty: it needs a header row' }]);
    assert.deepEqual(await headerErrors('id,name,,name\n1,a,b,c\n'), [
      { path: '/header/2', message: 'column 3 has no name' },
      { path: '/header/3', message: 'column 4 repeats the name "name"' },
    ]);
    assert.deepEqual(await headerErrors('name,salary\nAda,1\n'), [
      { path: '/header', message: 'has no primary key column "id"' },
    ]);
    assert.match((await headerErrors('id,"na"me\n'))[0]!.message, /header row cannot be read/);
    // The header row ends where the data begins, whatever comes after it.
    assert.deepEqual(await headerErrors('id\n"unterminated\n'), []);
  });
});
