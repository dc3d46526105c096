import { NOTIFICATION_KIND_NAMES, NOTIFICATION_KINDS, type NotificationKind } from '../core/notification-kinds';
import type { DigestItem, EmailContext, MessageContent, MessageFact, RenderedEmail } from './types';

/** Every value written into HTML (text and attributes alike) goes through here: names, titles and comments are what tenants typed. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** RFC 3339 date-times only: `Date` would otherwise read things like "2026" or "March 5" as dates. */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * A date-time fact in the reader's zone: `28 Nov 2026, 09:30 (Europe/Berlin)`; a value that is not an RFC 3339
 * date-time is shown as given. A zone Intl does not know (a stale preference) falls back to UTC, named as such, so
 * the reader is never shown a time without knowing its zone.
 */
export function formatInZone(value: string, timeZone: string): string {
  const instant = new Date(value);
  if (!RFC_3339.test(value) || Number.isNaN(instant.getTime())) return value;
  try {
    return `${formatDateTime(instant, timeZone)} (${timeZone})`;
  } catch {
    return `${formatDateTime(instant, 'UTC')} (UTC)`;
  }
}

/** One formatter per zone, made once: making one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatDateTime(instant: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    // Throws for an unknown zone, before anything is cached.
    format = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(timeZone, format);
  }
  return format.format(instant);
}

const factValue = (fact: MessageFact, timeZone: string) =>
  fact.type === 'datetime' ? formatInZone(fact.value, timeZone) : fact.value;
const actionUrl = (content: MessageContent, baseUrl: string) => `${baseUrl}${content.action.path}`;

const COLOURS = { text: '#1f2328', muted: '#57606a', link: '#0a58ca', border: '#d0d7de', button: '#0a58ca' };

function factsTable(facts: MessageFact[], timeZone: string): string {
  if (facts.length === 0) return '';
  const rows = facts
    .map(
      (fact) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;color:${COLOURS.muted};font-weight:600;vertical-align:top">${escapeHtml(fact.label)}</th>` +
        `<td style="padding:4px 0;color:${COLOURS.text}">${escapeHtml(factValue(fact, timeZone))}</td></tr>`,
    )
    .join('');
  // A data table (no role="presentation"), so screen readers announce each value with its row header.
  return `<table style="border-collapse:collapse;margin:16px 0">${rows}</table>`;
}

function quoteBlock(quote: string | undefined): string {
  if (!quote) return '';
  return `<blockquote style="margin:16px 0;padding:8px 16px;border-left:4px solid ${COLOURS.border};color:${COLOURS.text};white-space:pre-wrap">${escapeHtml(quote)}</blockquote>`;
}

function actionLink(content: MessageContent, baseUrl: string): string {
  return (
    `<p style="margin:24px 0"><a href="${escapeHtml(actionUrl(content, baseUrl))}" ` +
    `style="display:inline-block;background:${COLOURS.button};color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600">` +
    `${escapeHtml(content.action.label)}</a></p>`
  );
}

function footerHtml(context: EmailContext, why: string): string {
  const unsubscribe = context.unsubscribeUrl
    ? `<p style="color:${COLOURS.muted};font-size:13px;margin:8px 0 0"><a href="${escapeHtml(context.unsubscribeUrl)}" style="color:${COLOURS.link}">Unsubscribe from ${escapeHtml(unsubscribeWhat(context))}</a></p>`
    : '';
  return (
    `<hr style="border:none;border-top:1px solid ${COLOURS.border};margin:24px 0">` +
    `<p style="color:${COLOURS.muted};font-size:13px;margin:0">${escapeHtml(why)}</p>${unsubscribe}`
  );
}

function footerText(context: EmailContext, why: string): string {
  return [
    '--',
    why,
    ...(context.unsubscribeUrl ? [`Unsubscribe from ${unsubscribeWhat(context)}: ${context.unsubscribeUrl}`] : []),
  ].join('\n');
}

const unsubscribeWhat = (context: EmailContext) => context.unsubscribeWhat ?? 'these emails';

function documentHtml(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;padding:0;background:#ffffff"><table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center">` +
    `<table role="presentation" style="border-collapse:collapse;max-width:600px;width:100%;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:${COLOURS.text}">` +
    `<tr><td style="padding:24px">${body}</td></tr></table></td></tr></table></body></html>`
  );
}

/**
 * Why the reader got the message. With an unsubscribe link the kind is one they could turn off, so the line says it
 * follows their settings; without one it is a message every member in their role receives.
 */
function whyLine(context: EmailContext): string {
  const membership = `You receive this as a member of ${context.tenantName} on the Decision Modeling Service`;
  return context.unsubscribeUrl
    ? `${membership}, because your notification settings send you ${unsubscribeWhat(context)}.`
    : `${membership}.`;
}

/** One notification as an email: the subject names the tenant; the HTML part and the text part say the same. */
export function renderEmail(content: MessageContent, context: EmailContext): RenderedEmail {
  const subject = `[${context.tenantName}] ${content.subject}`;
  const why = whyLine(context);
  const html = documentHtml(
    subject,
    `<p style="color:${COLOURS.muted};margin:0 0 8px">${escapeHtml(context.tenantName)}</p>` +
      `<h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(content.headline)}</h1>` +
      quoteBlock(content.quote) +
      factsTable(content.facts, context.timeZone) +
      actionLink(content, context.baseUrl) +
      footerHtml(context, why),
  );
  const text = [
    content.headline,
    '',
    ...(content.quote ? [...content.quote.split('\n').map((line) => `> ${line}`), ''] : []),
    ...content.facts.map((fact) => `${fact.label}: ${factValue(fact, context.timeZone)}`),
    ...(content.facts.length > 0 ? [''] : []),
    `${content.action.label}: ${actionUrl(content, context.baseUrl)}`,
    '',
    footerText(context, why),
  ].join('\n');
  return { subject, html, text };
}

/** The digest's items by kind, in the catalogue's order of kinds (the same order every day), each kind's in the order given. */
function groupByKind(items: DigestItem[]): Array<[NotificationKind, DigestItem[]]> {
  return NOTIFICATION_KIND_NAMES.map((kind): [NotificationKind, DigestItem[]] => [
    kind,
    items.filter((item) => item.kind === kind),
  ]).filter(([, group]) => group.length > 0);
}

function digestItemHtml(item: DigestItem, context: EmailContext): string {
  const { content } = item;
  const facts = content.facts
    .map((fact) => `${escapeHtml(fact.label)}: ${escapeHtml(factValue(fact, context.timeZone))}`)
    .join(' · ');
  return (
    `<li style="margin:0 0 12px"><p style="margin:0">${escapeHtml(content.headline)}</p>` +
    (facts ? `<p style="margin:4px 0;color:${COLOURS.muted};font-size:14px">${facts}</p>` : '') +
    `<p style="margin:4px 0"><a href="${escapeHtml(actionUrl(content, context.baseUrl))}" style="color:${COLOURS.link}">${escapeHtml(content.action.label)}</a></p></li>`
  );
}

function digestItemText(item: DigestItem, context: EmailContext): string[] {
  const { content } = item;
  return [
    `- ${content.headline}`,
    ...content.facts.map((fact) => `  ${fact.label}: ${factValue(fact, context.timeZone)}`),
    `  ${content.action.label}: ${actionUrl(content, context.baseUrl)}`,
  ];
}

/** A person's daily digest: every item that waited for it, grouped by kind. */
export function renderDigestEmail(items: DigestItem[], context: EmailContext & { localDate: string }): RenderedEmail {
  const count = `${items.length} ${items.length === 1 ? 'update' : 'updates'}`;
  const subject = `[${context.tenantName}] Your daily digest: ${count} (${context.localDate})`;
  const groups = groupByKind(items);
  const why = `${whyLine(context)} Notifications you chose to receive once a day are gathered here.`;
  const html = documentHtml(
    subject,
    `<p style="color:${COLOURS.muted};margin:0 0 8px">${escapeHtml(context.tenantName)}</p>` +
      `<h1 style="font-size:20px;margin:0 0 8px">Your daily digest: ${count} (${escapeHtml(context.localDate)})</h1>` +
      groups
        .map(
          ([kind, group]) =>
            `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(NOTIFICATION_KINDS[kind].title)}</h2>` +
            `<ul style="padding-left:20px;margin:0">${group.map((item) => digestItemHtml(item, context)).join('')}</ul>`,
        )
        .join('') +
      footerHtml(context, why),
  );
  const text = [
    `Your daily digest: ${count} (${context.localDate})`,
    ...groups.flatMap(([kind, group]) => [
      '',
      NOTIFICATION_KINDS[kind].title,
      ...group.flatMap((item) => digestItemText(item, context)),
    ]),
    '',
    footerText(context, why),
  ].join('\n');
  return { subject, html, text };
}
