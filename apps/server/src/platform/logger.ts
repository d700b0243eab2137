import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from './config.js';

/** Never written to a log, whoever logs the request or answer: sessions, credentials. */
const REDACTED = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/**
 * The process's one logger: the app's requests log through it (each line with its request id, see
 * http/request-log.ts), and so do the services, the background jobs and the start.
 */
export function createLogger(level: Config['logLevel'], destination?: DestinationStream): Logger {
  return destination ? pino({ level, redact: REDACTED }, destination) : pino({ level, redact: REDACTED });
}

export type { Logger };
