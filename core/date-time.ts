import { fullFormats } from 'ajv-formats/dist/formats';

/** ajv-formats' own RFC 3339 check (an object with validate/compare for this format): it checks the calendar too. */
const RFC3339_DATE_TIME = fullFormats['date-time'] as {
  validate: (value: string) => boolean;
  compare: (a: string, b: string) => number | undefined;
};

/** Orders two date-times as instants (ajv's `formatMinimum`/`formatMaximum` use it). */
export const compareDateTimes = RFC3339_DATE_TIME.compare;

/**
 * The one reading of a client's RFC 3339 date-time, for every body field, query parameter and hand-parsed value
 * (`as_of`, which also takes a sync id): undefined unless the text is one the service can use. A JavaScript Date
 * rolls impossible calendar dates over (`2026-02-30` becomes March 2) and cannot hold a leap second (`…T23:59:60Z`);
 * Postgres cannot store year 0000. All of those are refused rather than read as some other instant.
 */
export function parseDateTime(value: string): Date | undefined {
  if (!RFC3339_DATE_TIME.validate(value)) return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime()) || instant.getUTCFullYear() < 1) return undefined;
  return instant;
}

export function isUsableDateTime(value: string): boolean {
  return parseDateTime(value) !== undefined;
}
