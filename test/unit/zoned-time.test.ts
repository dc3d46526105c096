import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { instantOf, isKnownTimeZone } from '../../core/zoned-time';

describe('instants people name, in IANA time zones', () => {
  const ms = (text: string, zone?: string) => {
    const read = instantOf(text, zone);
    return read.ok ? new Date(read.ms).toISOString() : read.message;
  };

  it('reads offsets as given and local times in their zone, across daylight saving time', () => {
    assert.equal(ms('2027-01-01T00:00:00+01:00'), '2026-12-31T23:00:00.000Z');
    assert.equal(ms('2027-01-01T00:00:00Z', 'Asia/Tokyo'), '2027-01-01T00:00:00.000Z', 'an offset wins over the zone');
    assert.equal(ms('2027-01-01T00:00:00', 'Europe/Berlin'), '2026-12-31T23:00:00.000Z');
    assert.equal(ms('2027-07-01T00:00', 'Europe/Berlin'), '2027-06-30T22:00:00.000Z');
    assert.equal(ms('2027-03-28T03:00:00', 'Europe/Berlin'), '2027-03-28T01:00:00.000Z', 'just after the skipped hour');
  });

  it('refuses a local time the zone skips or repeats, an unknown zone, an impossible date and a missing zone', () => {
    assert.match(ms('2027-03-28T02:30:00', 'Europe/Berlin'), /does not exist in Europe\/Berlin/);
    assert.match(ms('2027-10-31T02:30:00', 'Europe/Berlin'), /happens twice/);
    assert.equal(ms('2027-10-31T02:30:00+01:00', 'Europe/Berlin'), '2027-10-31T01:30:00.000Z', 'an offset says which');
    assert.match(ms('2027-01-01T00:00:00', 'Mars/Olympus'), /unknown time zone/);
    assert.match(ms('2027-02-30T00:00:00Z'), /is not a date-time/);
    assert.match(ms('2027-02-30T00:00:00', 'UTC'), /is not a date-time/);
    assert.match(ms('2027-01-01T00:00:00'), /has no offset/);
    assert.match(ms('tomorrow', 'UTC'), /is not a date-time/);
    assert.equal(isKnownTimeZone('America/New_York'), true);
    assert.equal(isKnownTimeZone('Europe/Nowhere'), false);
  });
});
