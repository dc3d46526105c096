import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { NotificationConfig } from '../../core/config';

export type MailTransport = Transporter<SMTPPool.SentMessageInfo>;

/**
 * A pool of SMTP connections for one lane pass (NOTIFICATION_SMTP_CONNECTIONS of them, each reused for many messages):
 * a burst costs one TLS handshake per connection, not per message. The URL carries the server, TLS (`smtps:` is TLS
 * from the start; `smtp:` upgrades with STARTTLS when the server offers it) and the credentials.
 */
export function createMailTransport(
  config: Pick<NotificationConfig, 'smtpUrl' | 'smtpConnections' | 'smtpTimeoutMs'>,
): MailTransport | undefined {
  if (!config.smtpUrl) return undefined;
  const url = new URL(config.smtpUrl);
  return nodemailer.createTransport({
    pool: true,
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    maxConnections: config.smtpConnections,
    maxMessages: 1000,
    connectionTimeout: config.smtpTimeoutMs,
    greetingTimeout: config.smtpTimeoutMs,
    socketTimeout: config.smtpTimeoutMs,
  });
}

/** What an SMTP failure means for the message: try again later, or never (the server refused it for good). */
export interface SmtpFailure {
  permanent: boolean;
  responseCode: number | null;
  message: string;
}

/**
 * RFC 5321 reply classes: 4yz is a transient failure (try again), 5yz a permanent one (the same message would be
 * refused again). No reply at all (a refused or dropped connection, a timeout) is transient.
 */
export function classifySmtpFailure(error: unknown): SmtpFailure {
  const details = error as { responseCode?: unknown; response?: unknown; message?: unknown; code?: unknown };
  const responseCode = typeof details.responseCode === 'number' ? details.responseCode : null;
  const message = String(details.response ?? details.message ?? error).slice(0, 500);
  return { permanent: responseCode !== null && responseCode >= 500 && responseCode < 600, responseCode, message };
}
