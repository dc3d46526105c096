import fs from 'node:fs';
import net from 'node:net';

/**
 * An unused loopback port for a server to bind later, chosen below the kernel's ephemeral range: the kernel hands
 * ports in that range to every `listen(0)` and outgoing connection, so a port found free there can be taken by any
 * process in the seconds before our server binds it (a stack's start takes that long). Below the range only an
 * explicit bind takes a port, and we check it is free. Falls back to the kernel's choice if none is found.
 */
export async function findFreePort(): Promise<number> {
  const [ephemeralLow] = ephemeralRange();
  const low = 10_000;
  const high = Math.max(low + 1000, ephemeralLow - 1);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await bindable(port)) return port;
  }
  return kernelChosenPort();
}

/** The kernel's ephemeral port range (Linux); the usual default elsewhere. */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = fs
      .readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low && high && low > 10_000) return [low, high];
  } catch {
    // Not Linux: the IANA dynamic range.
  }
  return [49152, 65535];
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

function kernelChosenPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : undefined;
      server.close(() => (port === undefined ? reject(new Error('could not read the allocated port')) : resolve(port)));
    });
  });
}

/**
 * Checked before starting a server: if the port is taken, our readiness probe could otherwise reach the other
 * process (say, another checkout's Temporal) and report our stack as up while ours failed to bind.
 */
export function assertPortFree(port: number, purpose: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${port} for ${purpose} is already in use on 127.0.0.1; stop what uses it or pick another port`,
            )
          : error,
      );
    });
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve()));
  });
}
