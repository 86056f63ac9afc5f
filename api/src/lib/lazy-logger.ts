import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

const write = (logger: FastifyBaseLogger, level: Level, args: unknown[]) =>
  (logger[level] as (...args: unknown[]) => void).apply(logger, args);

/**
 * A request's logger that becomes pino's child logger (with the request id in its bindings)
 * only when the request first logs something. Most requests log nothing (request logs are off
 * by default), and pino's `child` costs every request a few microseconds of a hot call.
 */
export class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  /** The real child logger, made on first use. */
  get logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  // On the prototype, not per instance: a request that never logs pays for one small object.
  fatal(...args: unknown[]): void {
    write(this.logger, 'fatal', args);
  }
  error(...args: unknown[]): void {
    write(this.logger, 'error', args);
  }
  warn(...args: unknown[]): void {
    write(this.logger, 'warn', args);
  }
  info(...args: unknown[]): void {
    write(this.logger, 'info', args);
  }
  debug(...args: unknown[]): void {
    write(this.logger, 'debug', args);
  }
  trace(...args: unknown[]): void {
    write(this.logger, 'trace', args);
  }
  silent(...args: unknown[]): void {
    write(this.logger, 'silent', args);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger is made when it first logs. */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
