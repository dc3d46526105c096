import type { Knex } from 'knex';

/** A driver connection of its own, outside the pool, that LISTENs on one channel. */
export interface ChannelListener {
  end(): Promise<void>;
}

interface DriverConnection {
  query(sql: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): void;
  on(event: 'error' | 'end', listener: (error?: Error) => void): void;
  end(): Promise<void>;
}

export interface ChannelHandlers {
  /** A NOTIFY on the channel, with its payload if it had one. */
  notified(payload: string | undefined): void;
  /** The connection failed (`error` given) or ended, after LISTEN had succeeded; called for each such event. */
  lost(error?: Error): void;
}

/**
 * Takes a connection of its own from the driver (LISTEN holds a session, so not one of the pool's) and LISTENs on
 * `channel`. Resolves once Postgres has accepted the LISTEN; if it refuses or the connection fails first, the
 * connection is closed and the promise rejects (callers retry). `channel` is one of our own constant identifiers.
 */
export async function listenOnChannel(db: Knex, channel: string, handlers: ChannelHandlers): Promise<ChannelListener> {
  return listenOnChannels(db, [channel], {
    notified: (_channel, payload) => handlers.notified(payload),
    lost: (error) => handlers.lost(error),
  });
}

export interface ChannelsHandlers {
  /** A NOTIFY on one of the channels, with its payload if it had one. */
  notified(channel: string, payload: string | undefined): void;
  /** As `ChannelHandlers.lost`. */
  lost(error?: Error): void;
}

/** As `listenOnChannel`, on several channels over the one connection (one LISTEN each, all accepted before it resolves). */
export async function listenOnChannels(
  db: Knex,
  channels: readonly string[],
  handlers: ChannelsHandlers,
): Promise<ChannelListener> {
  const connection = (await db.client.acquireRawConnection()) as DriverConnection;
  let established = false;
  connection.on('notification', (message) => {
    if (channels.includes(message.channel)) handlers.notified(message.channel, message.payload);
  });
  connection.on('error', (error) => {
    if (established) handlers.lost(error);
  });
  connection.on('end', () => {
    if (established) handlers.lost();
  });
  try {
    for (const channel of channels) await connection.query(`LISTEN ${channel}`);
  } catch (error) {
    await connection.end().catch(() => undefined);
    throw error;
  }
  established = true;
  return { end: () => connection.end() };
}
