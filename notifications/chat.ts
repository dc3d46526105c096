import type { MessageContent, MessageFact } from './types';

/** Slack's mrkdwn reserves these three characters; user text must not make links or mentions. */
function escapeSlack(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Chat has no reader's time zone: date-times in UTC, readable. */
function chatFactValue(fact: MessageFact): string {
  if (fact.type !== 'datetime') return fact.value;
  const instant = new Date(fact.value);
  return Number.isNaN(instant.getTime()) ? fact.value : `${instant.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

interface ChatContext {
  tenantName: string;
  baseUrl: string;
}

/** A Slack incoming-webhook body (Block Kit), with a plain `text` for notifications and old clients. */
export function slackMessage(content: MessageContent, context: ChatContext): object {
  const url = `${context.baseUrl}${content.action.path}`;
  return {
    text: `[${context.tenantName}] ${content.headline} ${url}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${escapeSlack(content.subject)}*\n${escapeSlack(content.headline)}` } },
      ...(content.quote ? [{ type: 'section', text: { type: 'mrkdwn', text: `>${escapeSlack(content.quote).replace(/\n/g, '\n>')}` } }] : []),
      ...(content.facts.length > 0
        ? [{ type: 'section', fields: content.facts.slice(0, 10).map((fact) => ({ type: 'mrkdwn', text: `*${escapeSlack(fact.label)}*\n${escapeSlack(chatFactValue(fact))}` })) }]
        : []),
      { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: content.action.label.slice(0, 75) }, url }] },
      { type: 'context', elements: [{ type: 'mrkdwn', text: escapeSlack(context.tenantName) }] },
    ],
  };
}

/** The body Microsoft Teams accepts from a Workflows (or incoming) webhook: a message with an Adaptive Card. */
export function teamsMessage(content: MessageContent, context: ChatContext): object {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: context.tenantName, isSubtle: true, wrap: true },
            { type: 'TextBlock', text: content.headline, weight: 'Bolder', size: 'Medium', wrap: true },
            ...(content.quote ? [{ type: 'TextBlock', text: content.quote, wrap: true, isSubtle: true }] : []),
            ...(content.facts.length > 0 ? [{ type: 'FactSet', facts: content.facts.map((fact) => ({ title: fact.label, value: chatFactValue(fact) })) }] : []),
          ],
          actions: [{ type: 'Action.OpenUrl', title: content.action.label, url: `${context.baseUrl}${content.action.path}` }],
        },
      },
    ],
  };
}
