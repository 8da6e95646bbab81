import { CLIENT_ID_HEADER, type ErrorBody, errorBody, messageForError, messages } from '@central/domain';
import { clientId } from './client-id';

/** An error answer of the API, with the spec's text to show in `message`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: ErrorBody['issues'],
  ) {
    super(message);
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** Any zod schema of the domain: the response is parsed with it, so its type flows to the caller. */
type Schema<T> = { parse(data: unknown): T };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `body`: JSON, or a FormData sent as multipart/form-data (files). */
type RequestOptions = { method?: Method; body?: unknown; signal?: AbortSignal };

async function request<T>(
  url: string,
  options: RequestOptions & { schema?: Schema<T>; clientId?: string },
): Promise<T | undefined> {
  const { method = 'GET', body, schema, signal } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [CLIENT_ID_HEADER]: options.clientId ?? clientId,
  };
  const form = body instanceof FormData;
  // A form's content type carries its boundary: the browser sets it.
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      // The session is an httpOnly cookie: the browser sends it, page scripts never see it.
      credentials: 'same-origin',
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', messages.generic);
  }

  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    const parsed = errorBody.safeParse(payload);
    throw new ApiError(
      response.status,
      parsed.success ? parsed.data.code : 'UNKNOWN',
      messageForError(payload),
      parsed.success ? parsed.data.issues : undefined,
    );
  }

  if (!schema || response.status === 204) return undefined;
  const payload: unknown = await response.json().catch(() => undefined);
  try {
    return schema.parse(payload);
  } catch {
    throw new ApiError(response.status, 'INVALID_RESPONSE', messages.generic);
  }
}

/** The API's services: the customer API (spec §7), the payment (§7.4) and device (§7.8) services. */
const apiBase = {
  central: '/api/central',
  payment: '/api/payment',
  acs: '/api/acs',
  admin: '/api/admin',
} as const;

/** Calls the customer API (`/api/central{path}`) for the tenant of this host. */
export function api<T>(path: string, options: RequestOptions & { schema: Schema<T> }): Promise<T>;
export function api(path: string, options?: RequestOptions): Promise<void>;
export async function api<T>(path: string, options: RequestOptions & { schema?: Schema<T> } = {}) {
  return request(`${apiBase.central}${path}`, options);
}

/** Calls the payment service (`/api/payment{path}`): saved cards and card payments. */
export function paymentApi<T>(path: string, options: RequestOptions & { schema: Schema<T> }): Promise<T>;
export function paymentApi(path: string, options?: RequestOptions): Promise<void>;
export async function paymentApi<T>(path: string, options: RequestOptions & { schema?: Schema<T> } = {}) {
  return request(`${apiBase.payment}${path}`, options);
}

/** Calls the device service (`/api/acs{path}`, spec §7.8): the subscriber's routers and Wi-Fi passwords. */
export function acsApi<T>(path: string, options: RequestOptions & { schema: Schema<T> }): Promise<T>;
export function acsApi(path: string, options?: RequestOptions): Promise<void>;
export async function acsApi<T>(path: string, options: RequestOptions & { schema?: Schema<T> } = {}) {
  return request(`${apiBase.acs}${path}`, options);
}

type AdminRequestOptions = RequestOptions & {
  /** The provider's area is checked against the tenant of this header: the provider's own client id. */
  clientId?: string;
};

/** Calls the back office (`/api/admin{path}`, spec §7.9): the staff's and the providers' own calls. */
export function adminApi<T>(path: string, options: AdminRequestOptions & { schema: Schema<T> }): Promise<T>;
export function adminApi(path: string, options?: AdminRequestOptions): Promise<void>;
export async function adminApi<T>(path: string, options: AdminRequestOptions & { schema?: Schema<T> } = {}) {
  return request(`${apiBase.admin}${path}`, options);
}

/** A static JSON file of this origin (e.g. /pwa/{client}/config.json), parsed like an API answer. */
export async function getStaticJson<T>(url: string, schema: Schema<T>, signal?: AbortSignal): Promise<T> {
  return (await request(url, { schema, signal })) as T;
}
