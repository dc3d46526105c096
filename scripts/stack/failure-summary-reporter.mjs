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
    yield `  ✖ ${name}\n      at ${file ?? '?'}:${line ?? '?'}\n      ${message}\n`;
  }
}
