import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The browser for the page tests: Debian's `chromium` package (a test tool's own browser download cannot work on a
 * machine whose only network is the package registries). Found through `CHROMIUM_PATH`, then the usual install
 * locations and `PATH`; if none exists and this is Debian/Ubuntu run as root, installed once with apt-get, as the
 * Temporal CLI is built once. Returns undefined (the browser tests then skip, saying why) only when it cannot be had.
 */
export function findOrInstallChromium(log: (message: string) => void): { path?: string; reason?: string } {
  const found = findChromium();
  if (found) return { path: found };
  if (process.platform !== 'linux' || !fs.existsSync('/usr/bin/apt-get')) {
    return { reason: 'no chromium found (set CHROMIUM_PATH) and no apt-get to install it' };
  }
  if (process.getuid?.() !== 0) {
    return {
      reason: 'no chromium found; install it once with "sudo apt-get install -y chromium" or set CHROMIUM_PATH',
    };
  }
  log('installing Debian chromium once for the browser tests (apt-get install -y chromium)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    env,
    encoding: 'utf8',
  });
  if (install.status !== 0) {
    // A fresh machine may have no package lists yet.
    spawnSync('apt-get', ['update'], { env, encoding: 'utf8' });
    install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env, encoding: 'utf8' });
  }
  const installed = findChromium();
  if (installed) return { path: installed };
  const output = `${install.stderr ?? ''}`.trim().split('\n').slice(-1)[0] ?? '';
  return { reason: `apt-get install chromium failed (exit ${String(install.status)}): ${output}` };
}

function findChromium(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    ...(process.env.PATH ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .map((dir) => path.join(dir, 'chromium')),
  ];
  return candidates.find((candidate): candidate is string => !!candidate && isExecutable(candidate));
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
