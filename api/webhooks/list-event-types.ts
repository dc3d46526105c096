import { EVENT_TYPES } from '../../core/event-types';

/** The event catalogue a subscription can name, with each event's data schema. */
export function listEventTypes() {
  return {
    data: EVENT_TYPES.map((t) => ({
      object: 'event_type' as const,
      type: t.type,
      summary: t.summary,
      description: t.description,
      data_schema: t.data,
    })),
    next_cursor: null,
  };
}
