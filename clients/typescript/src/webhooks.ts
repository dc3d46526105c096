/**
 * Webhook deliveries: the typed events (one member per event type of the document's `webhooks`, told apart by `type`)
 * and `verifyWebhook`, which checks a delivery's Standard Webhooks signature and timestamp before trusting its body.
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { WEBHOOK_EVENT_TYPES } from './generated/operations';
import type { webhooks } from './generated/schema';

export type WebhookEventType = keyof webhooks;

/** The payload of one event type. */
export type WebhookEventOf<T extends WebhookEventType> =
  webhooks[T]['post']['requestBody']['content']['application/json'];

/** Any event: switch on `event.type` and TypeScript narrows `event.data`. */
export type WebhookEvent = { [T in WebhookEventType]: WebhookEventOf<T> }[WebhookEventType];

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** How far the delivery's `webhook-timestamp` may be from now (default and most 300 s, the Standard Webhooks window). */
  toleranceSeconds?: number;
  /** The clock (epoch ms), for tests. */
  now?: number;
}

/** A delivery that is not from the service, or too old or too new to trust: answer it 400 and do not act on it. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value =
    headers[name] ??
    headers[name.toLowerCase()] ??
    Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Checks a delivery with the subscription's secret (`whsec_…`; during a rotation either secret signs) and gives the
 * event, typed. `body` must be the raw body as received (a parsed-and-serialized body does not verify).
 */
export function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): WebhookEvent {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signature = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signature)
    throw new WebhookSignatureError('the webhook-id, webhook-timestamp or webhook-signature header is missing');
  const tolerance = Math.min(options.toleranceSeconds ?? 300, 300);
  const sentAt = Number(timestamp);
  const now = options.now ?? Date.now();
  if (!Number.isInteger(sentAt) || Math.abs(now / 1000 - sentAt) > tolerance) {
    throw new WebhookSignatureError(`the webhook-timestamp is more than ${tolerance} s from now`);
  }
  const payload = typeof body === 'string' ? body : new TextDecoder().decode(body);
  let event: unknown;
  try {
    event = new Webhook(secret).verify(payload, {
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': signature,
    });
  } catch (error) {
    if (error instanceof WebhookVerificationError) throw new WebhookSignatureError(error.message);
    throw error;
  }
  const type = (event as { type?: unknown }).type;
  if (typeof type !== 'string') throw new WebhookSignatureError('the signed body is not an event');
  return event as WebhookEvent;
}

/** Whether a type is one this client was generated with (a newer service may send types added since). */
export function isKnownEventType(type: string): type is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}
