import { z } from '../zod.ts';

/** Issue 15 'Meu Consumo': the days the chart covers and the sessions the table lists. */
export const CONNECTION_HISTORY_DAYS = 30;
export const CONNECTION_SESSIONS_SHOWN = 20;

/**
 * Times are the provider's local time as IXC keeps them ('2026-11-23 14:05:09', São Paulo); bytes are
 * from the subscriber's side: download is what reached them (RADIUS Acct-Output-Octets), upload what
 * they sent (Acct-Input-Octets).
 */
export const connectionSessionSchema = z
  .object({
    id: z.string(),
    /** The PPPoE login the session was made with (a customer may have several contracts). */
    login: z.string(),
    start: z.string(),
    /** Null while the session is open. */
    stop: z.string().nullable(),
    /** How long it lasted, or has lasted so far. */
    seconds: z.number(),
    download: z.number(),
    upload: z.number(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'ConnectionSession' });
export type ConnectionSession = z.infer<typeof connectionSessionSchema>;

export const connectionDaySchema = z.object({
  /** YYYY-MM-DD, provider's day. */
  day: z.string(),
  download: z.number(),
  upload: z.number(),
});
export type ConnectionDay = z.infer<typeof connectionDaySchema>;

/** GET /api/central/customer/connection: the last 30 days of the customer's PPPoE logins. */
export const connectionResponse = z
  .object({
    /** Oldest first, one per day of the window, today last; a session over several days is spread over them. */
    days: z.array(connectionDaySchema),
    /** Each login of the customer: whether it is connected now, since when and with which address. */
    logins: z.array(
      z.object({
        login: z.string(),
        online: z.boolean(),
        since: z.string().nullable(),
        ip: z.string().nullable(),
      }),
    ),
    /** The latest sessions, newest first. */
    sessions: z.array(connectionSessionSchema),
  })
  .meta({ id: 'ConnectionHistory' });
export type ConnectionHistory = z.infer<typeof connectionResponse>;
