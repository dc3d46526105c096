import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The Dockerfile read as the image builder reads it, and its runtime stage reproduced in a directory without Docker:
 * the build stage's COPY sources are copied from the repository and its `npm run build` is run on them; the production
 * dependencies stage becomes the packages `npm ci --omit=dev` installs; then exactly the runtime stage's COPY
 * instructions fill the image directory. What the image would lack, the directory lacks.
 */

export interface Instruction {
  keyword: string;
  /** The arguments, with line continuations joined. */
  text: string;
}

export interface Stage {
  name: string;
  baseImage: string;
  workdir: string;
  instructions: Instruction[];
  env: Record<string, string>;
}

export interface CopyInstruction {
  from?: string;
  sources: string[];
  destination: string;
}

export function parseDockerfile(text: string): Stage[] {
  const logicalLines: string[] = [];
  let pending = '';
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    logicalLines.push(`${pending}${line}`.trim());
    pending = '';
  }
  const stages: Stage[] = [];
  for (const line of logicalLines) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const upper = keyword.toUpperCase();
    const args = rest.join(' ');
    if (upper === 'FROM') {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!match) throw new Error(`cannot read FROM ${args}`);
      stages.push({
        name: match[2] ?? String(stages.length),
        baseImage: match[1]!,
        workdir: '/',
        instructions: [],
        env: {},
      });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${keyword} before any FROM`);
    if (upper === 'WORKDIR') stage.workdir = path.posix.resolve(stage.workdir, args);
    if (upper === 'ENV') {
      for (const pair of args.match(/\S+=("[^"]*"|\S+)/g) ?? []) {
        const [name, ...value] = pair.split('=');
        stage.env[name!] = value.join('=').replace(/^"|"$/g, '');
      }
    }
    stage.instructions.push({ keyword: upper, text: args });
  }
  return stages;
}

export function copyInstructions(stage: Stage): CopyInstruction[] {
  return stage.instructions
    .filter((instruction) => instruction.keyword === 'COPY')
    .map((instruction) => {
      const words = instruction.text.split(/\s+/);
      const flags = words.filter((word) => word.startsWith('--'));
      const paths = words.filter((word) => !word.startsWith('--'));
      if (paths.length < 2) throw new Error(`cannot read COPY ${instruction.text}`);
      const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
      return { from, sources: paths.slice(0, -1), destination: paths.at(-1)! };
    });
}

export function runInstructions(stage: Stage): string[] {
  return stage.instructions
    .filter((instruction) => instruction.keyword === 'RUN')
    .map((instruction) => instruction.text);
}

/** The runtime stage's CMD as an argument list (exec form). */
export function command(stage: Stage): string[] {
  const cmd = stage.instructions.filter((instruction) => instruction.keyword === 'CMD').at(-1);
  if (!cmd) throw new Error(`stage ${stage.name} has no CMD`);
  return JSON.parse(cmd.text) as string[];
}

/** Copies one COPY instruction's sources from `contextDir` (paths relative to it) into `rootDir` at the stage's WORKDIR. */
export function applyCopy(
  copy: CopyInstruction,
  contextDir: string,
  contextWorkdir: string,
  rootDir: string,
  workdir: string,
): void {
  // Sources are relative to the build context, or absolute in an earlier stage's filesystem (COPY --from).
  const destination = path.join(rootDir, path.posix.resolve(workdir, copy.destination));
  const intoDirectory = copy.destination.endsWith('/') || copy.sources.length > 1;
  for (const source of copy.sources) {
    const from = path.join(contextDir, path.posix.resolve(contextWorkdir, source));
    if (!fs.existsSync(from))
      throw new Error(`COPY ${copy.from ? `--from=${copy.from} ` : ''}${source}: no such file or directory`);
    // Docker copies a directory's contents into the destination, and a file into it when it names a directory.
    const target =
      fs.statSync(from).isDirectory() || !intoDirectory ? destination : path.join(destination, path.basename(source));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    // Out of an earlier (temporary) stage, hard links: the same files, without copying the dependencies' 300 MB again.
    if (copy.from) linkTree(from, target);
    else fs.cpSync(from, target, { recursive: true, verbatimSymlinks: true });
  }
}

/**
 * The packages `npm ci --omit=dev` installs, as a node_modules directory: the top-level entries of the production
 * tree (`npm ls --omit=dev`), hard-linked from the repository's node_modules (same lockfile, same files), so a
 * package listed only in devDependencies is missing here just as it is in the image.
 */
export function linkProductionDependencies(repoRoot: string, targetDir: string): void {
  const listing = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const moduleRoot = path.join(repoRoot, 'node_modules');
  const topLevel = new Set<string>();
  for (const line of listing.split('\n')) {
    const relative = path.relative(moduleRoot, line.trim());
    if (!line.trim() || relative.startsWith('..') || relative === '') continue;
    const parts = relative.split(path.sep);
    topLevel.add(parts[0]!.startsWith('@') ? path.join(parts[0]!, parts[1]!) : parts[0]!);
  }
  for (const name of topLevel) linkTree(path.join(moduleRoot, name), path.join(targetDir, name));
}

function linkTree(from: string, to: string): void {
  const stat = fs.lstatSync(from);
  if (stat.isSymbolicLink()) {
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.symlinkSync(fs.readlinkSync(from), to);
  } else if (stat.isDirectory()) {
    fs.mkdirSync(to, { recursive: true });
    for (const entry of fs.readdirSync(from)) linkTree(path.join(from, entry), path.join(to, entry));
  } else {
    try {
      fs.linkSync(from, to);
    } catch {
      fs.copyFileSync(from, to);
    }
  }
}

export interface ReproducedImage {
  /** The image's filesystem below its WORKDIR (/app). */
  appDir: string;
  stages: Stage[];
  runtime: Stage;
  /** The runtime stage's ENV, with paths under WORKDIR moved into appDir. */
  env: Record<string, string>;
}

/**
 * Builds what the Dockerfile's runtime stage contains under `workDir`: the build stage reproduced in workDir/build
 * (its COPY sources, the repository's node_modules for its `npm ci`, then its `npm run build`), the production
 * dependencies in workDir/production-dependencies, and the runtime stage's COPY instructions applied in workDir/image.
 */
export function reproduceImage(repoRoot: string, workDir: string): ReproducedImage {
  const stages = parseDockerfile(fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'));
  const runtime = stages.at(-1)!;
  const roots = new Map<string, string>();
  for (const stage of stages.slice(0, -1)) {
    const root = path.join(workDir, stage.name);
    roots.set(stage.name, root);
    const runs = runInstructions(stage);
    for (const copy of copyInstructions(stage)) {
      if (copy.from) throw new Error(`stage ${stage.name}: COPY --from is not reproduced here`);
      applyCopy(copy, repoRoot, '/', root, stage.workdir);
    }
    const stageDir = path.join(root, stage.workdir);
    if (runs.some((run) => /\bnpm ci --omit=dev\b/.test(run))) {
      linkProductionDependencies(repoRoot, path.join(stageDir, 'node_modules'));
    } else if (runs.some((run) => /\bnpm ci\b/.test(run))) {
      fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(stageDir, 'node_modules'));
    }
    if (runs.some((run) => /\bnpm run build\b/.test(run))) {
      const build = spawnSync('npm', ['run', 'build'], {
        cwd: stageDir,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '' },
      });
      if (build.status !== 0)
        throw new Error(
          `npm run build failed in the reproduced ${stage.name} stage:\n${build.stdout}\n${build.stderr}`,
        );
    }
  }
  const imageRoot = path.join(workDir, 'image');
  for (const copy of copyInstructions(runtime)) {
    const sourceRoot = copy.from ? roots.get(copy.from) : repoRoot;
    if (!sourceRoot) throw new Error(`COPY --from=${copy.from}: no such stage`);
    applyCopy(copy, sourceRoot, '/', imageRoot, runtime.workdir);
  }
  const appDir = path.join(imageRoot, runtime.workdir);
  const env = Object.fromEntries(
    Object.entries(runtime.env).map(([name, value]) => [
      name,
      value.startsWith(`${runtime.workdir}/`) ? path.join(appDir, value.slice(runtime.workdir.length)) : value,
    ]),
  );
  return { appDir, stages, runtime, env };
}
