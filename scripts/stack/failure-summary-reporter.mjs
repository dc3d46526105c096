/**
 * A node --test reporter beside the usual one (scripts/test.ts): it writes one entry per failing test (not per suite
 * holding one) with its file, line and the first lines of its error, which scripts/test.ts prints once the run ends,
 * so the last lines of a long run's output say what failed.
 */
const MESSAGE_LINES = 8;

export default async function* failureSummary(source) {
  for await (const event of source) {
    if (event.type !== 'test:fail') continue;
    const { name, file, line, details } = event.data;
    if (details?.type === 'suite') continue;
    const error = details?.error;
    const cause = error?.cause ?? error;
    const message = String(cause?.message ?? cause ?? 'failed')
      .split('\n')
      .slice(0, MESSAGE_LINES)
      .join('\n      ');
    // Where in the test file it failed: the first frame of the error's stack in that file (a file run in a shared
    // process reports the group's wrapper as its location).
    const frame = String(cause?.stack ?? '')
      .split('\n')
      .map((text) => /\(?((?:\/|[A-Za-z]:)[^()\s]*\.test\.[cm]?[jt]s:\d+:\d+)\)?/.exec(text)?.[1])
      .find(Boolean);
    yield `  ✖ ${name}\n      at ${frame ?? `${file ?? '?'}:${line ?? '?'}`}\n      ${message}\n`;
  }
}
