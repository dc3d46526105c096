/** Following the tenant's events as they commit (`GET /api/v1/events/stream`, Server-Sent Events). */
import { ProblemError } from './errors';
import type { components } from './generated/schema';
import type { RequestOptions } from './transport';

/** An event as the stream delivers it: the same object `GET /api/v1/events/{id}` answers. */
export type StreamedEvent = components['schemas']['Event'];

export interface StreamOptions extends Omit<RequestOptions, 'idempotencyKey' | 'timeoutMs'> {
  /** Resume after this event (the id of the last one you handled), e.g. one you stored before a restart. */
  lastEventId?: string;
  /** Open the stream again when it ends or the connection drops, after the last event received (default true). */
  reconnect?: boolean;
}

/** Opens the stream once, resuming after `lastEventId`; answers the response (an error answer throws `ProblemError`). */
export type OpenStream = (lastEventId: string | undefined, signal: AbortSignal) => Promise<Response>;

/**
 * The event stream as an async iterable: `for await (const event of client.events.stream({ types: 'decision.*' }))`.
 * It connects when iterated, reconnects after a drop with `Last-Event-ID` (nothing missed, nothing twice), and stops
 * when the loop ends (`break`) or `signal` aborts. `lastEventId` is the id of the last event delivered, to store
 * and pass back as `lastEventId` after a restart. A position the API no longer keeps throws `ProblemError` (410).
 */
export class EventStream implements AsyncIterable<StreamedEvent> {
  lastEventId: string | undefined;
  private retryMs = 2000;

  constructor(
    private readonly open: OpenStream,
    private readonly options: StreamOptions = {},
  ) {
    this.lastEventId = options.lastEventId;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<StreamedEvent> {
    const stopped = new AbortController();
    const signal = this.options.signal ? AbortSignal.any([this.options.signal, stopped.signal]) : stopped.signal;
    try {
      for (;;) {
        try {
          const response = await this.open(this.lastEventId, signal);
          for await (const message of this.messages(response, signal)) yield message;
        } catch (error) {
          if (signal.aborted || error instanceof ProblemError) throw error;
          // A dropped connection: open it again below, after the last event received.
        }
        if (this.options.reconnect === false || signal.aborted) return;
        await pause(this.retryMs, signal);
      }
    } finally {
      stopped.abort();
    }
  }

  /** The events of one connection, parsed as the Server-Sent Events format says; comments (heartbeats) are skipped. */
  private async *messages(response: Response, signal: AbortSignal): AsyncGenerator<StreamedEvent> {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const cancel = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', cancel, { once: true });
    let buffered = '';
    let data: string[] = [];
    let id: string | undefined;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffered += value;
        let newline: number;
        while ((newline = buffered.search(/\r\n|\r|\n/)) !== -1) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + (buffered.startsWith('\r\n', newline) ? 2 : 1));
          if (line === '') {
            if (data.length > 0) {
              if (id !== undefined) this.lastEventId = id;
              yield JSON.parse(data.join('\n')) as StreamedEvent;
            }
            data = [];
            id = undefined;
            continue;
          }
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon === -1 ? line : line.slice(0, colon);
          const fieldValue = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'data') data.push(fieldValue);
          else if (field === 'id') id = fieldValue;
          else if (field === 'retry' && /^\d+$/.test(fieldValue)) this.retryMs = Number(fieldValue);
        }
      }
    } finally {
      signal.removeEventListener('abort', cancel);
      cancel();
    }
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
