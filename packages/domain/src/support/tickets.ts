/** The longest text a subscriber may send in a support request or message (spec §5, §9). */
export const SUPPORT_MESSAGE_MAX = 1000;

/**
 * How many closed tickets one page of 'Atendimentos Fechados' holds; 'Ver mais' asks for the next page
 * (spec §9: it is enabled when a page brought 3 or more).
 */
export const SUPPORT_PAGE_SIZE = 3;

export const supportStatuses = ['in_progress', 'closed'] as const;
export type SupportStatus = (typeof supportStatuses)[number];

export const supportStatusLabels: Record<SupportStatus, string> = {
  in_progress: 'Em andamento',
  closed: 'Fechado',
};

/**
 * spec §4: a ticket is closed when it has no su_status and its status is F, or when su_status is S or C;
 * anything else is in progress.
 */
export function supportStatus(ticket: { status?: string | null; su_status?: string | null }): SupportStatus {
  const suStatus = ticket.su_status?.trim() ?? '';
  if (suStatus === '') return ticket.status?.trim() === 'F' ? 'closed' : 'in_progress';
  return suStatus === 'S' || suStatus === 'C' ? 'closed' : 'in_progress';
}

/** spec §4: new messages may be added only while the ticket is in progress. */
export function canAddSupportMessage(status: SupportStatus): boolean {
  return status === 'in_progress';
}

/** Digits of a Brazilian phone → '(47) 99999-8888' or '(48) 3333-4444'; anything else as it came. */
export function formatBrazilianPhone(digits: string): string {
  const m = /^(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : digits;
}

/** What the provider's staff read in the ERP: the subscriber's text and the phone to call back. */
export function supportRequestText(message: string, phoneDigits: string): string {
  return `${message.trim()}\n\nTelefone para contato: ${formatBrazilianPhone(phoneDigits)}`;
}
