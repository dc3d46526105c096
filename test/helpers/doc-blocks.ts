import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The shell blocks of the documentation, and a bash session that runs them in order, for test/docs.
 *
 * A block is a ```sh, ```bash or ```shell fence. An HTML comment on the line just before a fence changes how it is
 * treated:
 *   <!-- doc-test: skip reason="browser: covered by test/console/console.test.ts" -->   not run; the reason must
 *        name the test file that covers the block's flow, and that file must exist
 *   <!-- doc-test: allow-http-errors -->   curl's HTTP errors (4xx/5xx) are the point of the block, not a failure
 *   <!-- doc-test: output -->   before a ```json fence: what the preceding shell block prints last; every key shown
 *        must be in the real output, with the value shown unless it is an id, a timestamp or a secret
 */

export const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell']);

export interface ShownOutput {
  /** Line of the ```json fence. */
  line: number;
  json: unknown;
}

export interface ShellBlock {
  document: string;
  /** Line (1-based) of the opening fence; the code starts on the next line. */
  fenceLine: number;
  code: string;
  skipReason?: string;
  allowHttpErrors: boolean;
  output?: ShownOutput;
}

export interface DocumentBlocks {
  blocks: ShellBlock[];
  /** Markup the test must refuse: an unknown marker, an output block with no command before it, invalid JSON. */
  problems: string[];
}

const MARKER = /^<!--\s*doc-test:\s*([a-z-]+)(?:\s+reason="([^"]*)")?\s*-->\s*$/;

export function parseDocument(document: string, text: string): DocumentBlocks {
  const lines = text.split('\n');
  const blocks: ShellBlock[] = [];
  const problems: string[] = [];
  let lastShell: ShellBlock | undefined;
  for (let i = 0; i < lines.length; i++) {
    const fence = /^( {0,3})(`{3,}|~{3,})\s*([\w-]*)(.*)$/.exec(lines[i] as string);
    // CommonMark: the info string of a backtick fence has no backticks (that line is inline code, not a fence).
    if (!fence || (fence[2]?.startsWith('`') && fence[4]?.includes('`'))) continue;
    const [, indent, ticks, language] = fence as unknown as [string, string, string, string, string];
    const start = i;
    let end = i + 1;
    while (end < lines.length && !(lines[end] as string).trimStart().startsWith(ticks)) end++;
    const body = lines
      .slice(start + 1, end)
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
      .join('\n');
    i = end;
    const markerLine = start > 0 ? (lines[start - 1] as string).trim() : '';
    const marker = MARKER.exec(markerLine);
    if (markerLine.startsWith('<!--') && markerLine.includes('doc-test') && !marker) {
      problems.push(`${document}:${start}: unreadable doc-test marker ${markerLine}`);
    }
    const kind = marker?.[1];
    const where = `${document}:${start + 1}`;
    if (SHELL_LANGUAGES.has(language)) {
      const block: ShellBlock = {
        document,
        fenceLine: start + 1,
        code: body,
        allowHttpErrors: kind === 'allow-http-errors',
      };
      if (kind === 'skip') block.skipReason = marker?.[2] ?? '';
      else if (kind && kind !== 'allow-http-errors')
        problems.push(`${where}: "${kind}" is not a marker for a shell block`);
      blocks.push(block);
      lastShell = block;
    } else if (kind === 'output') {
      if (language !== 'json') problems.push(`${where}: an output block must be a json fence`);
      else if (!lastShell || lastShell.output)
        problems.push(`${where}: an output block must follow a shell block (one per block)`);
      else if (lastShell.skipReason !== undefined)
        problems.push(`${where}: the shell block before this output is skipped`);
      else {
        try {
          lastShell.output = { line: start + 1, json: JSON.parse(body) };
        } catch (error) {
          problems.push(`${where}: the output shown is not JSON (${(error as Error).message})`);
        }
      }
    } else if (kind) {
      problems.push(`${where}: "${kind}" before a ${language || 'plain'} fence means nothing`);
    }
  }
  return { blocks, problems };
}

/** Why a skip reason is not good enough, or undefined: it must name an existing test file covering the flow. */
export function skipReasonProblem(reason: string, repoRoot: string): string | undefined {
  if (!reason.trim()) return 'a skipped block needs reason="…" naming the test that covers it';
  const files = reason.match(/test\/[\w./-]+\.test\.ts/g) ?? [];
  if (files.length === 0) return `the reason "${reason}" names no covering test file (test/….test.ts)`;
  const missing = files.filter((file) => !fs.existsSync(path.join(repoRoot, file)));
  return missing.length > 0 ? `the reason names ${missing.join(', ')}, which does not exist` : undefined;
}

/** The largest trailing JSON document of a block's output: what its last command printed. */
export function lastJsonDocument(output: string): unknown {
  const text = output.trimEnd();
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char !== '{' && char !== '[') continue;
    if (i > 0 && !'\n}]'.includes(text[i - 1] as string)) continue;
    try {
      return JSON.parse(text.slice(i));
    } catch {
      // not where the document starts
    }
  }
  return undefined;
}

const ID = /^[a-z]{2,6}_[0-9a-z]{10,}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const VOLATILE_KEYS = new Set([
  'key',
  'secret',
  'client_secret',
  'key_prefix',
  'hash',
  'previous_hash',
  'head_hash',
  'next_cursor',
  'access_token',
  'refresh_token',
  'request_id',
  'instance',
  'run_id',
  'workflow_id',
]);

function isVolatile(key: string, value: unknown): boolean {
  if (VOLATILE_KEYS.has(key) || key === 'id' || key.endsWith('_id') || key.endsWith('_ids') || key.endsWith('_at'))
    return true;
  return typeof value === 'string' && (ID.test(value) || TIMESTAMP.test(value));
}

/**
 * What the real output lacks of what the docs show: every key shown must exist, objects recursively; values shown
 * must match unless they are ids, timestamps or secrets; a string ending in "…" is a prefix; each element of an
 * array shown must match some element of the real array.
 */
export function shownOutputProblems(shown: unknown, real: unknown, at = '', key = ''): string[] {
  const where = at || '/';
  if (Array.isArray(shown)) {
    if (!Array.isArray(real)) return [`${where}: expected an array, got ${JSON.stringify(real)?.slice(0, 80)}`];
    return shown.flatMap((element, index) =>
      real.some((candidate) => shownOutputProblems(element, candidate, `${at}/${index}`, key).length === 0)
        ? []
        : [`${at}/${index}: no element matches ${JSON.stringify(element).slice(0, 120)}`],
    );
  }
  if (shown !== null && typeof shown === 'object') {
    if (real === null || typeof real !== 'object' || Array.isArray(real))
      return [`${where}: expected an object, got ${JSON.stringify(real)?.slice(0, 80)}`];
    return Object.entries(shown).flatMap(([name, value]) =>
      name in real
        ? shownOutputProblems(value, (real as Record<string, unknown>)[name], `${at}/${name}`, name)
        : [`${at}/${name}: missing`],
    );
  }
  if (isVolatile(key, shown)) {
    return typeof real === typeof shown || (shown === null) === (real === null)
      ? []
      : [`${where}: expected a ${typeof shown}, got ${JSON.stringify(real)}`];
  }
  if (typeof shown === 'string' && shown.endsWith('…')) {
    return typeof real === 'string' && real.startsWith(shown.slice(0, -1))
      ? []
      : [`${where}: expected ${JSON.stringify(shown)}, got ${JSON.stringify(real)}`];
  }
  return Object.is(shown, real) ? [] : [`${where}: expected ${JSON.stringify(shown)}, got ${JSON.stringify(real)}`];
}

export interface BlockResult {
  stdout: string;
  stderr: string;
  /** Commands that failed, as "README.md:123: curl …". Empty when the block ran clean. */
  failures: string[];
  timedOut: boolean;
}

/**
 * One bash session for one document: variables, functions and the working directory carry from block to block.
 * Every command that fails (non-zero exit, including inside $(…) and pipelines, and curl on an HTTP error through
 * --fail-with-body) is recorded with its line by an ERR trap, so a block is judged by all of its commands, not only
 * its last one.
 */
export class DocShellSession {
  private readonly child: ChildProcess;
  private readonly failuresFile: string;
  private stdout = '';
  private stderr = '';
  private blockCount = 0;
  private exited = false;

  constructor(
    private readonly workDir: string,
    options: { cwd: string; env: NodeJS.ProcessEnv },
  ) {
    this.failuresFile = path.join(workDir, 'failures.tsv');
    fs.writeFileSync(this.failuresFile, '');
    const prelude = path.join(workDir, 'prelude.sh');
    fs.writeFileSync(
      prelude,
      [
        'set -E -o pipefail',
        `trap 'printf "%s\\t%s\\t%s\\n" "$?" "\${BASH_SOURCE[0]}" "$LINENO" >> ${JSON.stringify(this.failuresFile)}' ERR`,
        // An HTTP error is a failed command, as it would be for a newcomer reading the answer.
        'curl() { if [ -n "$DOC_TEST_ALLOW_HTTP_ERRORS" ]; then command curl "$@"; else command curl --fail-with-body "$@"; fi; }',
        '',
      ].join('\n'),
    );
    this.child = spawn('bash', ['--noprofile', '--norc'], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    this.child.stdout?.setEncoding('utf8').on('data', (text: string) => (this.stdout += text));
    this.child.stderr?.setEncoding('utf8').on('data', (text: string) => (this.stderr += text));
    this.child.on('exit', () => (this.exited = true));
    this.child.stdin?.write(`source ${JSON.stringify(prelude)}\n`);
  }

  async run(block: ShellBlock, code: string, timeoutSeconds: number): Promise<BlockResult> {
    const n = ++this.blockCount;
    const file = path.join(this.workDir, `block-${n}.sh`);
    fs.writeFileSync(file, `${code}\n`);
    const sentinel = `__DOC_TEST_BLOCK_DONE_${n}__`;
    const failuresBefore = fs.readFileSync(this.failuresFile, 'utf8').length;
    this.stdout = '';
    this.stderr = '';
    this.child.stdin?.write(
      `DOC_TEST_ALLOW_HTTP_ERRORS=${block.allowHttpErrors ? 1 : ''}; source ${JSON.stringify(file)} < /dev/null; DOC_TEST_ALLOW_HTTP_ERRORS=; printf '\\n%s\\n' ${sentinel}; printf '\\n%s\\n' ${sentinel} >&2\n`,
    );
    const deadline = Date.now() + timeoutSeconds * 1000;
    let timedOut = false;
    while (!(this.stdout.includes(`\n${sentinel}\n`) && this.stderr.includes(`\n${sentinel}\n`))) {
      if (this.exited) break;
      if (Date.now() > deadline) {
        timedOut = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const stdout = this.stdout.split(`\n${sentinel}\n`)[0] as string;
    const stderr = this.stderr.split(`\n${sentinel}\n`)[0] as string;
    const lines = block.code.split('\n');
    const failures = fs
      .readFileSync(this.failuresFile, 'utf8')
      .slice(failuresBefore)
      .split('\n')
      .filter(Boolean)
      .map((row) => row.split('\t'))
      .filter(([, source]) => source === file)
      .map(([status, , lineText]) => {
        // bash reports a command continued over several lines at its first or its last line; show all of it.
        let first = Math.min(Number(lineText) - 1, lines.length - 1);
        let last = first;
        while (first > 0 && (lines[first - 1] as string).trimEnd().endsWith('\\')) first--;
        while (last < lines.length - 1 && (lines[last] as string).trimEnd().endsWith('\\')) last++;
        const command = lines.slice(first, last + 1).join('\n');
        return `${block.document}:${block.fenceLine + first + 1}: exit ${status}: ${command}`;
      })
      .filter((failure, index, all) => all.indexOf(failure) === index);
    if (this.exited) failures.push(`${block.document}:${block.fenceLine}: the block ended the shell session`);
    return { stdout, stderr, failures, timedOut };
  }

  close(): void {
    if (this.exited || this.child.pid === undefined) return;
    try {
      // The session's own process group: background jobs a block started go with it.
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
