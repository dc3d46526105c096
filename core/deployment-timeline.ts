/**
 * Which version of a model is in effect in an environment at an instant, from its deployments alone (migration
 * 20261207000190_environments): the latest deployment started at or before the instant that has not ended by then.
 * When that latest one has ended, an environment set to `fall_back` serves the one beneath it (the latest earlier one
 * still open); one set to `refuse` serves nothing until another starts. Pure, so the API's memory, a transaction and
 * the unit tests answer alike.
 */
export interface TimelineEntry {
  id: string;
  environmentId: string;
  version: number;
  /** Epoch milliseconds. */
  from: number;
  until: number | null;
}

export type OnDeploymentEnd = 'fall_back' | 'refuse';

export type InEffect =
  | { found: true; entry: TimelineEntry }
  | { found: false; reason: 'never_deployed' | 'not_yet_in_effect' | 'ended'; ended?: TimelineEntry };

/** Newest start first; at one start (which the database refuses) the later id. */
export function byStartDescending(a: TimelineEntry, b: TimelineEntry): number {
  return b.from - a.from || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

export function versionInEffect(
  entries: readonly TimelineEntry[],
  environmentId: string,
  at: number,
  onEnd: OnDeploymentEnd,
): InEffect {
  const ofEnvironment = entries.filter((entry) => entry.environmentId === environmentId).sort(byStartDescending);
  if (ofEnvironment.length === 0) return { found: false, reason: 'never_deployed' };
  const started = ofEnvironment.filter((entry) => entry.from <= at);
  const latest = started[0];
  if (!latest) return { found: false, reason: 'not_yet_in_effect' };
  const open = (entry: TimelineEntry) => entry.until === null || at < entry.until;
  if (open(latest)) return { found: true, entry: latest };
  if (onEnd === 'refuse') return { found: false, reason: 'ended', ended: latest };
  const beneath = started.find(open);
  return beneath ? { found: true, entry: beneath } : { found: false, reason: 'ended', ended: latest };
}

/** The next instant after `at` when the answer for this environment may change (a start or an end), if any. */
export function nextSwitchAfter(entries: readonly TimelineEntry[], environmentId: string, at: number): number | null {
  let next: number | null = null;
  for (const entry of entries) {
    if (entry.environmentId !== environmentId) continue;
    for (const instant of [entry.from, entry.until]) {
      if (instant !== null && instant > at && (next === null || instant < next)) next = instant;
    }
  }
  return next;
}
