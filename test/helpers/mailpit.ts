/**
 * Reads what reached the test stack's Mailpit (started by scripts/test.ts; its HTTP API at MAILPIT_URL): the messages
 * to an address, and each message's parts and raw headers.
 */
export interface MailSummary {
  id: string;
  messageId: string;
  subject: string;
  to: string[];
}

export interface MailMessage extends MailSummary {
  from: string;
  html: string;
  text: string;
  /** Raw headers, names in lower case (`references`, `list-unsubscribe`, `in-reply-to`). */
  headers: Record<string, string[]>;
}

function mailpitUrl(): string {
  const url = process.env.MAILPIT_URL;
  if (!url) throw new Error('MAILPIT_URL is not set: run the tests with "npm test" (scripts/test.ts starts Mailpit)');
  return url.replace(/\/$/, '');
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${mailpitUrl()}${path}`);
  if (!response.ok) throw new Error(`Mailpit ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface ApiAddress {
  Name: string;
  Address: string;
}

/** Every message to this address, newest first. */
export async function messagesTo(address: string): Promise<MailSummary[]> {
  const found: MailSummary[] = [];
  for (let start = 0; ; start += 200) {
    const page = await getJson<{
      total: number;
      messages: Array<{ ID: string; MessageID: string; Subject: string; To: ApiAddress[] | null }>;
    }>(`/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}&start=${start}&limit=200`);
    found.push(
      ...page.messages.map((m) => ({
        id: m.ID,
        messageId: m.MessageID,
        subject: m.Subject,
        to: (m.To ?? []).map((t) => t.Address),
      })),
    );
    if (page.messages.length < 200) return found;
  }
}

/** Waits (polling; generous, as a loaded machine is slow) until `count` messages to the address have arrived. */
export async function waitForMessages(
  address: string,
  count: number,
  options: { timeoutMs?: number } = {},
): Promise<MailSummary[]> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const messages = await messagesTo(address);
    if (messages.length >= count) return messages;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${count} messages to ${address}; ${messages.length} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function readMessage(id: string): Promise<MailMessage> {
  const message = await getJson<{
    ID: string;
    MessageID: string;
    From: ApiAddress;
    To: ApiAddress[] | null;
    Subject: string;
    HTML: string;
    Text: string;
  }>(`/api/v1/message/${id}`);
  const headers = await getJson<Record<string, string[]>>(`/api/v1/message/${id}/headers`);
  return {
    id: message.ID,
    messageId: message.MessageID,
    subject: message.Subject,
    from: message.From.Address,
    to: (message.To ?? []).map((t) => t.Address),
    html: message.HTML,
    text: message.Text,
    headers: Object.fromEntries(Object.entries(headers).map(([name, values]) => [name.toLowerCase(), values])),
  };
}
