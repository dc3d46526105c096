import { Cron } from 'croner';
import { validationFailed, type FieldError } from '../../core/app-error';
import type { IntegrationSchedule } from '../../db/records/integration';
import type { IntegrationScheduleInput } from '../openapi/request-types.generated';

/** A schedule as the API takes it: exactly one of `cron` and `interval_seconds`. */
export type ScheduleBody = NonNullable<IntegrationScheduleInput>;

export function presentSchedule(schedule: IntegrationSchedule | null) {
  if (!schedule) return null;
  return {
    cron: schedule.cron ?? null,
    interval_seconds: schedule.interval_seconds ?? null,
    mode: schedule.mode,
    timezone: schedule.timezone ?? null,
  };
}

// Five fields (minute hour day-of-month month day-of-week) as Temporal's cron takes them: numbers, `*`, ranges, lists,
// steps, and month and day names in their fields (not croner's L, W, ? or #, which Temporal refuses); croner checks what
// each field means, so a schedule Temporal would refuse is a 422 at write time, without asking Temporal.
const CRON_FIELD = /^[0-9A-Za-z*,/-]+$/;
const CRON_NAMES: ReadonlyArray<readonly string[]> = [
  [],
  [],
  [],
  ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'],
];

function cronProblem(fields: string[]): string | null {
  if (fields.length !== 5 || !fields.every((field) => CRON_FIELD.test(field)))
    return 'not five fields of digits, names, *, -, / and ,';
  for (const [index, field] of fields.entries()) {
    const unknown = (field.match(/[A-Za-z]+/g) ?? []).find((name) => !CRON_NAMES[index]?.includes(name.toUpperCase()));
    if (unknown !== undefined) return `"${unknown}" is not a name this field takes`;
  }
  try {
    new Cron(fields.join(' '), { paused: true });
    return null;
  } catch (error) {
    return (error as Error).message.replace(/^CronPattern: /, '');
  }
}

/** The schedule to store, or the field errors under /schedule. */
export function checkSchedule(body: ScheduleBody, minIntervalSeconds: number): IntegrationSchedule {
  const errors: FieldError[] = [];
  const hasCron = body.cron !== undefined;
  const hasInterval = body.interval_seconds !== undefined;
  if (hasCron === hasInterval)
    errors.push({ path: '/schedule', message: 'must have exactly one of cron and interval_seconds' });
  if (hasCron) {
    const fields = (body.cron as string).trim().split(/\s+/);
    const problem = cronProblem(fields);
    if (problem !== null) {
      errors.push({
        path: '/schedule/cron',
        message: `must be a five-field cron expression (minute hour day-of-month month day-of-week), e.g. "0 2 * * *" (${problem})`,
      });
    }
  }
  if (hasInterval && (body.interval_seconds as number) < minIntervalSeconds) {
    errors.push({
      path: '/schedule/interval_seconds',
      message: `must be >= ${minIntervalSeconds} (INTEGRATION_SCHEDULE_MIN_INTERVAL_SECONDS)`,
    });
  }
  if (body.timezone !== undefined) {
    if (!hasCron) errors.push({ path: '/schedule/timezone', message: 'applies to cron schedules only' });
    else {
      try {
        new Intl.DateTimeFormat('en', { timeZone: body.timezone });
      } catch {
        errors.push({ path: '/schedule/timezone', message: 'must be an IANA time zone name, e.g. "Europe/Berlin"' });
      }
    }
  }
  if (errors.length > 0) throw validationFailed(errors, 'The schedule is not valid.');
  return {
    ...(hasCron
      ? { cron: (body.cron as string).trim().split(/\s+/).join(' ') }
      : { interval_seconds: body.interval_seconds as number }),
    mode: body.mode ?? 'incremental',
    ...(body.timezone !== undefined ? { timezone: body.timezone } : {}),
  };
}
