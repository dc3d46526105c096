import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lookBack } from '../../integrations/connectors/postgres';

describe("the Postgres connector's look-back window", () => {
  it('moves a timestamptz cursor (as ::text writes it under UTC) back by the window', () => {
    assert.equal(lookBack('2026-11-05 10:00:00+00', 300), '2026-11-05T09:55:00.000Z');
    assert.equal(lookBack('2026-11-05 10:00:00.123456+00', 60), '2026-11-05T09:59:00.123Z');
    assert.equal(lookBack('2026-11-05 10:00:00+05:30', 0), '2026-11-05 10:00:00+05:30');
    assert.equal(lookBack('2026-11-05 10:00:00+0530', 30), '2026-11-05T04:29:30.000Z');
    assert.equal(lookBack('2026-11-05T10:00:00Z', 3600), '2026-11-05T09:00:00.000Z');
  });

  it('reads a timestamp without a zone as UTC (the read sets the session time zone to UTC)', () => {
    assert.equal(lookBack('2026-11-05 10:00:00', 120), '2026-11-05T09:58:00.000Z');
  });

  it('leaves cursors that are not times as they are', () => {
    assert.equal(lookBack('12345', 300), '12345');
    assert.equal(lookBack('2026-11-05', 300), '2026-11-05');
    assert.equal(lookBack('abc', 300), 'abc');
  });
});
