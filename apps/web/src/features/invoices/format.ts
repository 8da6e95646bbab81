import { type Invoice, type InvoiceType, invoiceTypeLabels } from '@central/domain';

export { invoiceTypeLabels };

/** spec §4: the colour of each displayed type. */
export const invoiceTypeColors: Record<InvoiceType, 'error' | 'info' | 'success'> = {
  overdue: 'error',
  partial: 'info',
  to_receive: 'info',
  received: 'success',
};

/** A partial payment was made: less is left than the invoice's value. */
export const isPartlyPaid = (invoice: Pick<Invoice, 'type' | 'value' | 'openValue'>) =>
  invoice.type !== 'received' && invoice.openValue > 0 && invoice.openValue < invoice.value;

/** The 47-digit linha digitável as printed on boletos: 00000.00000 00000.000000 00000.000000 0 00000000000000. */
export function formatLinhaDigitavel(value: string): string {
  const d = value.replace(/\D/g, '');
  if (d.length !== 47) return value;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d.slice(32, 33)} ${d.slice(33)}`;
}
