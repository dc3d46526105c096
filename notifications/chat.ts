import type { MessageContent, MessageFact } from './types';

interface ChatContext {
  tenantName: string;
  baseUrl: string;
}

/**
 * Slack's mrkdwn reserves these three characters (its "escaping text" guide): escaped, user text cannot make links,
 * user mentions or `<!channel>` pings.
 */
function escapeSlack(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Teams renders a subset of CommonMark in TextBlocks and FactSets (bold, italic, lists, `[title](url)` links); a
 * backslash before the punctuation that starts them keeps user text from making links or changing the emphasis.
 */
function escapeTeams(value: string): string {
  return value.replace(/[\\`*_[\]()#<>]/g, '\\$&');
}

function truncate(value: string, limit: number): string {
  return value.length <= limit ? value : `${value.slice(0, limit - 1)}…`;
}

/**
 * Escaped user text within Slack's limits (3,000 characters for a section's text, 2,000 for a field's: a longer one
 * fails the whole post).
 */
function slackText(value: string, limit: number): string {
  return cutEscaped(escapeSlack(value), limit);
}

/** Shortens already-escaped text to `limit` characters without splitting an escape. */
function cutEscaped(escaped: string, limit: number): string {
  return escaped.length <= limit ? escaped : `${escaped.slice(0, limit - 1).replace(/&[a-z]*$/, '')}…`;
}

const RFC_3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;

/** A channel has no single reader's time zone: date-times in UTC, readable (`2026-11-28 09:30 UTC`). */
function chatFactValue(fact: MessageFact): string {
  if (fact.type !== 'datetime' || !RFC_3339.test(fact.value)) return fact.value;
  const instant = new Date(fact.value);
  return Number.isNaN(instant.getTime()) ? fact.value : `${instant.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const actionUrl = (content: MessageContent, context: ChatContext) => `${context.baseUrl}${content.action.path}`;

/** Slack allows ten fields in a section; further facts go into further sections. */
function slackFactSections(facts: MessageFact[]): object[] {
  const sections: object[] = [];
  for (let start = 0; start < facts.length; start += 10) {
    sections.push({
      type: 'section',
      fields: facts.slice(start, start + 10).map((fact) => ({
        type: 'mrkdwn',
        text: `*${slackText(fact.label, 200)}*\n${slackText(chatFactValue(fact), 1500)}`,
      })),
    });
  }
  return sections;
}

/**
 * A Slack incoming-webhook body (Block Kit). `text` is the fallback notifications and old clients show; Slack reads
 * it as mrkdwn too, so it is escaped like the blocks.
 */
export function slackMessage(content: MessageContent, context: ChatContext): object {
  const url = actionUrl(content, context);
  return {
    text: `[${escapeSlack(context.tenantName)}] ${escapeSlack(content.headline)} <${url}|${escapeSlack(content.action.label)}>`,
    blocks: [
      // A section rather than a `header` block: a header is plain text, and mrkdwn keeps one escaping rule for all of it.
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `*${slackText(content.subject, 500)}*\n${slackText(content.headline, 2400)}` },
      },
      ...slackFactSections(content.facts),
      ...(content.quote
        ? [
            {
              type: 'section',
              text: { type: 'mrkdwn', text: cutEscaped(`>${escapeSlack(content.quote).replace(/\n/g, '\n>')}`, 3000) },
            },
          ]
        : []),
      {
        type: 'actions',
        elements: [{ type: 'button', text: { type: 'plain_text', text: truncate(content.action.label, 75) }, url }],
      },
      { type: 'context', elements: [{ type: 'mrkdwn', text: slackText(context.tenantName, 200) }] },
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
            { type: 'TextBlock', text: escapeTeams(content.headline), weight: 'Bolder', size: 'Medium', wrap: true },
            ...(content.facts.length > 0
              ? [
                  {
                    type: 'FactSet',
                    facts: content.facts.map((fact) => ({
                      title: escapeTeams(fact.label),
                      value: escapeTeams(chatFactValue(fact)),
                    })),
                  },
                ]
              : []),
            ...(content.quote
              ? [{ type: 'TextBlock', text: escapeTeams(content.quote), wrap: true, isSubtle: true }]
              : []),
            { type: 'TextBlock', text: escapeTeams(context.tenantName), isSubtle: true, size: 'Small', wrap: true },
          ],
          actions: [{ type: 'Action.OpenUrl', title: content.action.label, url: actionUrl(content, context) }],
        },
      },
    ],
  };
}
