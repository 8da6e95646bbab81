import { onlyDigits } from '@central/domain';

const isTollFree = (digits: string) => digits.startsWith('0800');

/** spec §9: 0800 numbers are used as they are, the others get Brazil's country code 55. */
export function internationalPhone(phone: string): string {
  const digits = onlyDigits(phone);
  if (isTollFree(digits)) return digits;
  if (digits.startsWith('55') && digits.length > 11) return digits;
  return `55${digits}`;
}

export function whatsappUrl(phone: string): string {
  return `https://wa.me/${internationalPhone(phone)}`;
}

export function telUrl(phone: string): string {
  const number = internationalPhone(phone);
  return isTollFree(number) ? `tel:${number}` : `tel:+${number}`;
}

/** (11) 4000-1234, (11) 98765-4321, 0800 123 4567; anything else as the tenant wrote it. */
export function formatPhone(phone: string): string {
  let digits = onlyDigits(phone);
  if (isTollFree(digits)) return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`.trim();
  if (digits.startsWith('55') && digits.length > 11) digits = digits.slice(2);
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  return phone;
}
