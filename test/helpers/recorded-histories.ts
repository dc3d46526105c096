import fs from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';

/**
 * Saves a run's history for test/workflows/replay.test.ts, in Temporal's JSON history format. The tests that make
 * such runs call it when their RECORD_…_HISTORY variable is set: run once after a change to the workflow that is meant
 * to be compatible, and commit the file.
 */
export function saveRecordedHistory(history: temporal.api.history.v1.IHistory, file: string): void {
  const { History } = temporal.api.history.v1;
  const json = History.toObject(History.fromObject(history), {
    enums: String,
    longs: String,
    bytes: String,
    defaults: false,
  });
  fs.writeFileSync(path.join(__dirname, '..', 'workflows', 'histories', file), `${JSON.stringify(json, null, 1)}\n`);
}
