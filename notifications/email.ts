import { NOTIFICATION_KINDS, type NotificationKind } from '../core/notification-kinds';
import type { DigestItem, EmailContext, MessageContent, MessageFact, RenderedEmail } from './types';

/** Every value written into HTML goes through here: names, titles and comments are what tenants typed. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A date-time fact in the reader's zone: `28 Nov 2026, 09:30 (Europe/Berlin)`; anything unreadable as given. */
export function formatInZone(value: string, timeZone: string): string {
  const instant = new Date(value);
  if (!value || Number.isNaN(instant.getTime())) return value;
  try {
    return `${new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(instant)} (${timeZone})`;
  } catch {
    return `${instant.toISOString()} (UTC)`;
  }
}

const factValue = (fact: MessageFact, timeZone: string) => (fact.type === 'datetime' ? formatInZone(fact.value, timeZone) : fact.value);
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
  return `<table role="presentation" style="border-collapse:collapse;margin:16px 0">${rows}</table>`;
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
    ? ` <a href="${escapeHtml(context.unsubscribeUrl)}" style="color:${COLOURS.link}">Unsubscribe from ${escapeHtml(context.unsubscribeWhat ?? 'these emails')}</a>.`
    : '';
  return `<hr style="border:none;border-top:1px solid ${COLOURS.border};margin:24px 0"><p style="color:${COLOURS.muted};font-size:13px">${escapeHtml(why)}${unsubscribe}</p>`;
}

function footerText(context: EmailContext, why: string): string {
  return ['--', why, ...(context.unsubscribeUrl ? [`Unsubscribe from ${context.unsubscribeWhat ?? 'these emails'}: ${context.unsubscribeUrl}`] : [])].join('\n');
}

function documentHtml(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;padding:0;background:#ffffff"><table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center">` +
    `<table role="presentation" style="border-collapse:collapse;max-width:600px;width:100%;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:${COLOURS.text}">` +
    `<tr><td style="padding:24px">${body}</td></tr></table></td></tr></table></body></html>`
  );
}

function whyLine(context: EmailContext): string {
  return `You receive this as a member of ${context.tenantName} on the Decision Modeling Service.`;
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

/** A person's daily digest: every item that waited for it, grouped by kind. */
export function renderDigestEmail(items: DigestItem[], context: EmailContext & { localDate: string }): RenderedEmail {
  const count = items.length;
  const subject = `[${context.tenantName}] Your daily digest: ${count} ${count === 1 ? 'update' : 'updates'} (${context.localDate})`;
  const groups = new Map<NotificationKind, DigestItem[]>();
  for (const item of items) groups.set(item.kind, [...(groups.get(item.kind) ?? []), item]);
  const why = `${whyLine(context)} Notifications you chose to receive once a day are gathered here.`;
  const sectionsHtml = [...groups]
    .map(
      ([kind, group]) =>
        `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(NOTIFICATION_KINDS[kind].title)}</h2><ul style="padding-left:20px;margin:0">` +
        group
          .map(
            (item) =>
              `<li style="margin:0 0 12px"><p style="margin:0">${escapeHtml(item.content.headline)}</p>` +
              (item.content.facts.length > 0
                ? `<p style="margin:4px 0;color:${COLOURS.muted};font-size:14px">${item.content.facts.map((fact) => `${escapeHtml(fact.label)}: ${escapeHtml(factValue(fact, context.timeZone))}`).join(' · ')}</p>`
                : '') +
              `<p style="margin:4px 0"><a href="${escapeHtml(actionUrl(item.content, context.baseUrl))}" style="color:${COLOURS.link}">${escapeHtml(item.content.action.label)}</a></p></li>`,
          )
          .join('') +
        '</ul>',
    )
    .join('');
  const html = documentHtml(
    subject,
    `<p style="color:${COLOURS.muted};margin:0 0 8px">${escapeHtml(context.tenantName)}</p>` +
      `<h1 style="font-size:20px;margin:0 0 8px">Your daily digest: ${count} ${count === 1 ? 'update' : 'updates'}</h1>` +
      sectionsHtml +
      footerHtml(context, why),
  );
  const text = [
    `Your daily digest: ${count} ${count === 1 ? 'update' : 'updates'} (${context.localDate})`,
    ...[...groups].flatMap(([kind, group]) => [
      '',
      NOTIFICATION_KINDS[kind].title,
      ...group.flatMap((item) => [
        `- ${item.content.headline}`,
        ...item.content.facts.map((fact) => `  ${fact.label}: ${factValue(fact, context.timeZone)}`),
        `  ${item.content.action.label}: ${actionUrl(item.content, context.baseUrl)}`,
      ]),
    ]),
    '',
    footerText(context, why),
  ].join('\n');
  return { subject, html, text };
}
