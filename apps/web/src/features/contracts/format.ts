import type { ContractAddress } from '@central/domain';

export type ContractStatusColor = 'success' | 'warning' | 'error' | 'default';

/**
 * spec §4 Contract internet status, as a colour: Ativo is good news, Bloqueado (CM, CA) stops the
 * connection, Financeiro Pendente (FA) warns before it does; the others (waiting for a signature,
 * disabled, unknown) are neutral.
 */
export function contractStatusColor(status: string): ContractStatusColor {
  switch (status) {
    case 'A':
      return 'success';
    case 'CM':
    case 'CA':
      return 'error';
    case 'FA':
      return 'warning';
    default:
      return 'default';
  }
}

/** The installation address in two lines: street, number and complement; district, city and state. */
export function addressLines(address: ContractAddress): string[] {
  const street = [address.rua, address.numero]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
  const complement = address.complemento.trim();
  const place = [
    address.bairro.trim(),
    [address.cidade.trim(), address.estado.trim()].filter(Boolean).join(' - '),
  ]
    .filter(Boolean)
    .join(', ');
  const cep = address.cep.trim();
  return [
    complement ? `${street} - ${complement}` : street,
    cep ? `${place}${place ? ' · ' : ''}CEP ${cep}` : place,
  ].filter(Boolean);
}
