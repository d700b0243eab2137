import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Bindings, type ChildLoggerOptions, type Level, type Logger, pino } from 'pino';

/** What an incoming X-Request-Id may be to be kept: a balancer's id, never a log-injection vehicle. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The balancer's X-Request-Id when it is safe, so one id follows a request through every hop; else a new one. */
export function requestIdOf(request: { headers: FastifyRequest['headers'] }): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Paths a balancer or supervisor polls every few seconds: logged at debug, or they drown the rest. */
const isProbe = (route: string | undefined) => route?.startsWith('/api/health') ?? false;

const socketBytesAtStart = new WeakMap<FastifyRequest, number>();

/** The answer's body size when it was announced; a stream without Content-Length is counted off the socket, headers included. */
function responseBytes(request: FastifyRequest, reply: FastifyReply): number | undefined {
  const announced = Number(reply.raw.getHeader('content-length'));
  if (Number.isFinite(announced)) return announced;
  // The request's socket: the answer lets go of its own once finished.
  const written = request.raw.socket?.bytesWritten;
  const socketBytesBefore = socketBytesAtStart.get(request);
  return written !== undefined && socketBytesBefore !== undefined ? written - socketBytesBefore : undefined;
}

export interface AccessLine {
  requestId: string;
  method: string;
  route: string;
  statusCode: number;
  durationMs: number;
  clientIp: string;
  userAgent: string | undefined;
  responseBytes: number | undefined;
}

/** The field of a request's log lines that holds its id (Fastify's `requestIdLogLabel`). */
export const REQUEST_ID_LOG_LABEL = 'requestId';

const { chindingsSym, lsCacheSym, needsMetadataGsym, streamSym, timeSym } = pino.symbols;

/** A field as pino writes it: text escaped as JSON, a finite number as it is, undefined left out. */
const textField = (name: string, value: string | undefined) => (value === undefined ? '' : `,"${name}":${JSON.stringify(value)}`);
const numberField = (name: string, value: number | undefined) =>
  value === undefined ? '' : `,"${name}":${Number.isFinite(value) ? value : null}`;

/**
 * Writes access lines to the logger's destination exactly as `log[level](line, 'request')` writes
 * them (its level and time formats, pid and hostname, then the fields in order), without pino's
 * walk over an object of any shape with its serializers, a third of the line's cost
 * (docs/decisions/0021); request-log.test.ts compares the two byte for byte. A destination that
 * wants pino's metadata with each line (a multistream) is written through the logger itself.
 */
export function accessLogOf(log: Logger): (level: Level, line: AccessLine) => void {
  const internals = log as unknown as Record<symbol, unknown>;
  const stream = internals[streamSym] as { write(text: string): void } & Record<symbol, unknown>;
  if (stream[needsMetadataGsym]) {
    return (level, line) => log[level](line, 'request');
  }
  const levelPrefixes = internals[lsCacheSym] as Record<number, string>;
  const time = internals[timeSym] as () => string;
  const bindings = internals[chindingsSym] as string;
  const requestIdKey = `,"${REQUEST_ID_LOG_LABEL}":`;
  return (level, line) => {
    if (!log.isLevelEnabled(level)) return;
    stream.write(
      `${levelPrefixes[log.levels.values[level]!]}${time()}${bindings}` +
        `${requestIdKey}${JSON.stringify(line.requestId)},"method":${JSON.stringify(line.method)},"route":${JSON.stringify(line.route)}` +
        numberField('statusCode', line.statusCode) +
        numberField('durationMs', line.durationMs) +
        textField('clientIp', line.clientIp) +
        textField('userAgent', line.userAgent) +
        numberField('responseBytes', line.responseBytes) +
        ',"msg":"request"}\n',
    );
  };
}

type LogMethod = (...args: unknown[]) => void;

/**
 * A request's own logger, its lines with the request id, made the first time the request logs
 * something. Most requests log nothing but their access line, which is written without it: a pino
 * child made for each request was a measurable part of a kept answer's cost (docs/decisions/0021).
 */
class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.#made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#log('error', args);
  }

  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }

  info(...args: unknown[]): void {
    this.#log('info', args);
  }

  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }

  #logger(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }

  #log(level: Level, args: unknown[]): void {
    const logger = this.#logger();
    Reflect.apply(logger[level] as LogMethod, logger, args);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made when first used. */
export function requestLoggerOf(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new RequestLogger(parent, bindings, options);
}

/**
 * Returns the request id on every answer and writes one access line per request: method, route
 * pattern (never the query or body, which may carry tokens), status, duration, the client's address
 * as trusted (TRUST_PROXY decides whether X-Forwarded-For counts), its user agent and the size of
 * the answer.
 */
export const requestLog = fp(async function requestLog(app: FastifyInstance, { log }: { log: Logger }) {
  const writeAccessLine = accessLogOf(log);
  // Callback hooks: an async hook's promise and its extra turn were a measurable part of a kept answer's cost.
  app.addHook('onRequest', (request, reply, done) => {
    const written = request.raw.socket?.bytesWritten;
    if (written !== undefined) socketBytesAtStart.set(request, written);
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    const line: AccessLine = {
      requestId: request.id,
      method: request.method,
      route: route ?? 'unmatched',
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      clientIp: request.ip,
      userAgent: request.headers['user-agent'],
      responseBytes: responseBytes(request, reply),
    };
    writeAccessLine(isProbe(route) ? 'debug' : 'info', line);
    done();
  });
});
