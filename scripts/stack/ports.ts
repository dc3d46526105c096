import net from 'node:net';

/**
 * Asks the kernel for an unused loopback port. Another process could take it before we bind it again; the test
 * launcher accepts that small window in exchange for never colliding with a running dev stack.
 */
export function findFreePort(): Promise<number> {
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
          ? new Error(`Port ${port} for ${purpose} is already in use on 127.0.0.1; stop what uses it or pick another port`)
          : error,
      );
    });
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve()));
  });
}
