/** RFC 3339 UTC, the one way a timestamp leaves the service (`*_at` fields); a missing time stays null. */
export function toIso(value: Date): string;
export function toIso(value: Date | null | undefined): string | null;
export function toIso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}
