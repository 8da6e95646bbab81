export const CPF_LENGTH = 11;
export const CNPJ_LENGTH = 14;

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

function allSameDigit(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}

function checkDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

export function isValidCpf(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== CPF_LENGTH || allSameDigit(d)) return false;
  return checkDigit(d, CPF_WEIGHTS_1) === Number(d[9]) && checkDigit(d, CPF_WEIGHTS_2) === Number(d[10]);
}

export function isValidCnpj(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== CNPJ_LENGTH || allSameDigit(d)) return false;
  return checkDigit(d, CNPJ_WEIGHTS_1) === Number(d[12]) && checkDigit(d, CNPJ_WEIGHTS_2) === Number(d[13]);
}

/** spec §5: the rule is picked by length; up to the CPF length it is a CPF. */
export function documentKind(value: string): 'cpf' | 'cnpj' {
  return onlyDigits(value).length <= CPF_LENGTH ? 'cpf' : 'cnpj';
}

export function isValidCpfOrCnpj(value: string): boolean {
  return documentKind(value) === 'cpf' ? isValidCpf(value) : isValidCnpj(value);
}

function applyPattern(digits: string, pattern: string): string {
  let out = '';
  let i = 0;
  for (const ch of pattern) {
    if (i >= digits.length) break;
    if (ch === '0') out += digits[i++];
    else out += ch;
  }
  return out;
}

/**
 * Progressive mask for a CPF/CNPJ input as the user types (spec §5: CPF 000.000.000-000, CNPJ
 * 00.000.000/0000-00). The CPF mask takes a 12th digit so that typing on switches to the CNPJ mask.
 */
export function maskCpfOrCnpj(value: string): string {
  const d = onlyDigits(value).slice(0, CNPJ_LENGTH);
  return d.length <= CPF_LENGTH + 1
    ? applyPattern(d, '000.000.000-000')
    : applyPattern(d, '00.000.000/0000-00');
}

/** Formatted as the ERP stores it: 529.982.247-25 or 11.222.333/0001-81. */
export function formatCpfOrCnpj(value: string): string {
  return maskCpfOrCnpj(value);
}

/** For logs and screens that must not show the whole document: 529.***.***-25, 11.***.***\/0001-81. */
export function hideCpfOrCnpj(value: string): string {
  const d = onlyDigits(value);
  if (d.length === CPF_LENGTH) return `${d.slice(0, 3)}.***.***-${d.slice(9)}`;
  if (d.length === CNPJ_LENGTH) return `${d.slice(0, 2)}.***.***/${d.slice(8, 12)}-${d.slice(12)}`;
  return '***';
}
