// The content partners' adapters (spec §2.3, §4, §7.6): one client per partner, one outward contract. A
// partner's business answer is an outcome; everything else (timeout, network, token refused, 5xx, an
// answer that is not the partner's JSON) is a PartnerError.

export type PartnerErrorKind = 'timeout' | 'network' | 'auth' | 'http' | 'protocol';

/** Says which partner and what went wrong, never the token or a password sent. */
export class PartnerError extends Error {
  constructor(
    readonly partner: string,
    readonly kind: PartnerErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PartnerError';
  }
}

export interface PartnerConnection {
  /** The partner API's base URL for this provider, e.g. `http://127.0.0.1:4010/watch/demo`. */
  url: string;
  /** The provider's Bearer token. */
  token: string;
  timeoutMs?: number;
}

export interface PartnerSubscriberInput {
  name: string;
  email: string | null;
  /** CPF/CNPJ digits */
  document: string;
  /** digits, with the area code */
  phone: string | null;
  /** YYYY-MM-DD */
  birthdate: string | null;
  /** the provider's id of the customer */
  externalId: string;
  /** the partner's product (package) ids being activated */
  productIds: string[];
}

export type StreamingActivation =
  | { outcome: 'activated'; login: string | null }
  | { outcome: 'already_active'; login: string | null }
  | { outcome: 'email_in_use' }
  | { outcome: 'birthdate_missing' }
  | { outcome: 'email_linked' }
  | { outcome: 'refused'; message: string | null };

export interface StreamingSubscriber {
  login: string | null;
  email: string | null;
  /** false when the partner suspended the subscriber */
  active: boolean;
}

export interface OleTvCheck {
  exists: boolean;
  email: string | null;
  /** how many subscriptions the customer has */
  amount: number;
}

export type OleTvActivation =
  | { outcome: 'activated' }
  | { outcome: 'already_exists' }
  | { outcome: 'email_in_use' }
  | { outcome: 'refused'; message: string | null };

export interface TocaLivrosActivationInput {
  name: string;
  user: string;
  password: string;
  email: string;
  /** CPF/CNPJ digits */
  document: string;
  /** area code, 2 digits */
  ddd: string;
  /** the number without the area code */
  phone: string;
  externalId: string;
}

export type TocaLivrosActivation =
  | { outcome: 'activated' }
  | { outcome: 'already_active' }
  | { outcome: 'user_taken' }
  | { outcome: 'email_in_use' }
  | { outcome: 'refused'; message: string | null };
