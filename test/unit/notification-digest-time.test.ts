import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isValidTimeZone, nextDigestAt } from '../../notifications/digest-time';

/** The next digest after `now` as [the instant, the local date it is named by]. */
function next(now: string, timeZone: string, hour: number): [string, string] {
  const { dueAt, localDate } = nextDigestAt(new Date(now), timeZone, hour);
  return [dueAt.toISOString(), localDate];
}

describe('the next digest time', () => {
  it('is the next time the local clock reads the hour, strictly after now', () => {
    assert.deepEqual(next('2026-11-28T07:59:59.999Z', 'UTC', 8), ['2026-11-28T08:00:00.000Z', '2026-11-28']);
    assert.deepEqual(
      next('2026-11-28T08:00:00.000Z', 'UTC', 8),
      ['2026-11-29T08:00:00.000Z', '2026-11-29'],
      'not now itself',
    );
    assert.deepEqual(next('2026-11-28T12:00:00Z', 'Europe/Berlin', 8), ['2026-11-29T07:00:00.000Z', '2026-11-29']);
    assert.deepEqual(
      next('2026-07-15T12:00:00Z', 'Europe/Berlin', 8),
      ['2026-07-16T06:00:00.000Z', '2026-07-16'],
      'summer time',
    );
    assert.deepEqual(
      next('2026-12-31T23:30:00Z', 'UTC', 0),
      ['2027-01-01T00:00:00.000Z', '2027-01-01'],
      'across a year',
    );
  });

  it('is named by the local day it is sent, not the UTC day', () => {
    // 22:00 UTC on the 28th is already 07:00 on the 29th in Tokyo; 08:00 there is 23:00 UTC on the 28th.
    assert.deepEqual(next('2026-11-28T22:00:00Z', 'Asia/Tokyo', 8), ['2026-11-28T23:00:00.000Z', '2026-11-29']);
    // 03:00 UTC on the 29th is still the 28th in Los Angeles.
    assert.deepEqual(next('2026-11-29T03:00:00Z', 'America/Los_Angeles', 20), [
      '2026-11-29T04:00:00.000Z',
      '2026-11-28',
    ]);
  });

  it('handles zones whose offsets are not whole hours', () => {
    assert.deepEqual(next('2026-11-28T16:00:00Z', 'Asia/Kolkata', 8), ['2026-11-29T02:30:00.000Z', '2026-11-29']);
    assert.deepEqual(next('2026-11-28T02:00:00Z', 'Asia/Kolkata', 8), ['2026-11-28T02:30:00.000Z', '2026-11-28']);
    assert.deepEqual(next('2026-11-28T10:00:00Z', 'Asia/Kathmandu', 8), ['2026-11-29T02:15:00.000Z', '2026-11-29']);
    assert.deepEqual(next('2026-11-28T02:15:00Z', 'Asia/Kathmandu', 8), ['2026-11-29T02:15:00.000Z', '2026-11-29']);
  });

  it('moves with the clocks in spring (Europe/Berlin, 29 March 2026: 02:00 CET becomes 03:00 CEST)', () => {
    assert.deepEqual(
      next('2026-03-28T12:00:00Z', 'Europe/Berlin', 8),
      ['2026-03-29T06:00:00.000Z', '2026-03-29'],
      'summer time from that day',
    );
    assert.deepEqual(
      next('2026-03-28T12:00:00Z', 'Europe/Berlin', 1),
      ['2026-03-29T00:00:00.000Z', '2026-03-29'],
      'before the change',
    );
    assert.deepEqual(
      next('2026-03-28T12:00:00Z', 'Europe/Berlin', 3),
      ['2026-03-29T01:00:00.000Z', '2026-03-29'],
      'the first hour after it',
    );
  });

  it('sends a skipped hour at the first instant after the gap', () => {
    // 02:00 does not happen in Berlin on 29 March 2026: the clocks read 03:00 CEST at 01:00 UTC.
    assert.deepEqual(next('2026-03-28T12:00:00Z', 'Europe/Berlin', 2), ['2026-03-29T01:00:00.000Z', '2026-03-29']);
    assert.deepEqual(next('2026-03-29T00:59:59Z', 'Europe/Berlin', 2), ['2026-03-29T01:00:00.000Z', '2026-03-29']);
    assert.deepEqual(
      next('2026-03-29T01:00:00Z', 'Europe/Berlin', 2),
      ['2026-03-30T00:00:00.000Z', '2026-03-30'],
      'then 02:00 CEST the next day',
    );
    // New York, 8 March 2026: 02:00 EST becomes 03:00 EDT at 07:00 UTC.
    assert.deepEqual(next('2026-03-07T12:00:00Z', 'America/New_York', 2), ['2026-03-08T07:00:00.000Z', '2026-03-08']);
    // Chatham's clocks jump from 02:45 to 03:45 (27 September 2026), so 03:00 is sent at 03:45.
    assert.deepEqual(next('2026-09-26T10:00:00Z', 'Pacific/Chatham', 3), ['2026-09-26T14:00:00.000Z', '2026-09-27']);
    // Lord Howe's jump is half an hour (02:00 to 02:30, 4 October 2026).
    assert.deepEqual(next('2026-10-03T10:00:00Z', 'Australia/Lord_Howe', 2), [
      '2026-10-03T15:30:00.000Z',
      '2026-10-04',
    ]);
  });

  it('sends a repeated hour once, at its first occurrence, in autumn', () => {
    // Berlin, 25 October 2026: 03:00 CEST becomes 02:00 CET, so 02:00 happens at 00:00 and at 01:00 UTC.
    assert.deepEqual(next('2026-10-24T12:00:00Z', 'Europe/Berlin', 2), ['2026-10-25T00:00:00.000Z', '2026-10-25']);
    assert.deepEqual(
      next('2026-10-25T00:00:00Z', 'Europe/Berlin', 2),
      ['2026-10-26T01:00:00.000Z', '2026-10-26'],
      'not again an hour later',
    );
    assert.deepEqual(
      next('2026-10-24T12:00:00Z', 'Europe/Berlin', 8),
      ['2026-10-25T07:00:00.000Z', '2026-10-25'],
      'winter time from that day',
    );
    // New York, 1 November 2026: 01:00 happens at 05:00 and 06:00 UTC.
    assert.deepEqual(next('2026-11-01T04:30:00Z', 'America/New_York', 1), ['2026-11-01T05:00:00.000Z', '2026-11-01']);
    assert.deepEqual(next('2026-11-01T05:00:00Z', 'America/New_York', 1), ['2026-11-02T06:00:00.000Z', '2026-11-02']);
  });

  it('falls back to UTC for a zone Intl does not know, and refuses an hour that is not one', () => {
    assert.deepEqual(next('2026-11-28T12:00:00Z', 'Mars/Base', 8), ['2026-11-29T08:00:00.000Z', '2026-11-29']);
    for (const hour of [-1, 24, 7.5, Number.NaN])
      assert.throws(() => nextDigestAt(new Date('2026-11-28T12:00:00Z'), 'UTC', hour), RangeError);
  });
});

describe('time zone names', () => {
  it('are the IANA names Intl knows', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'Asia/Kathmandu', 'Etc/GMT+5'])
      assert.equal(isValidTimeZone(zone), true, zone);
    for (const zone of ['Mars/Base', '', 'Europe/Berlin ', '+01:00', '-05:00', 'Europe/../Berlin', 'x'.repeat(100)])
      assert.equal(isValidTimeZone(zone), false, zone);
  });
});
