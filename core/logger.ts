import pino, { type Logger } from 'pino';
import { activeTraceFields } from './tracing';

export type { Logger };

export function createLogger(level: string, name: string): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    // trace_id and span_id of the active span on every line while tracing is on (a boolean check while it is off).
    mixin: activeTraceFields,
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', '*.secret', '*.key'],
      censor: '[redacted]',
    },
  });
}
