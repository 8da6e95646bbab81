import { type ErrorCode, errorMessages } from '@central/domain';

/** An error meant for the client: an HTTP status, a stable code and the Portuguese message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string = errorMessages[code],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notAuthenticated = () => new AppError(401, 'NOT_AUTHENTICATED');
export const notFound = (message?: string) => new AppError(404, 'NOT_FOUND', message);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', undefined, { 'retry-after': String(retryAfterSeconds) });
