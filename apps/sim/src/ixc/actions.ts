// IXC's action endpoints that the portal uses next to the tables: the boleto PDF, the PIX charge and the
// trust unlock. Their answers do not follow the table protocol, each has its own shape (measured on real
// instances by public integrations): get_boleto answers the PDF as base64 plain text and an empty body when
// there is no boleto; get_pix answers HTTP 500 for an unknown invoice; desbloqueio_confianca answers
// `{ tipo, mensagem }` with a `codigo` on refusals.

import { createHash } from 'node:crypto';
import { saoPauloNow } from '../clock.ts';
import { pixBrCode, placeholderQrPng, simplePdf } from './documents.ts';
import type { IxcRow } from './schema.ts';
import type { SeedName } from './seed.ts';
import type { IxcInstance } from './store.ts';

export const ACTION_NAMES = ['get_boleto', 'get_pix', 'desbloqueio_confianca'] as const;
export type ActionName = (typeof ACTION_NAMES)[number];

export function isActionName(name: string): name is ActionName {
  return (ACTION_NAMES as readonly string[]).includes(name);
}

export interface ActionAnswer {
  status: number;
  contentType: string;
  body: string | Buffer;
}

const JSON_TYPE = 'text/x-json; charset=UTF-8';
const HTML_TYPE = 'text/html; charset=UTF-8';

const PROVIDERS: Record<SeedName, { name: string; city: string; pixKey: string }> = {
  demo: { name: 'Central Fibra Demo', city: 'Florianópolis', pixKey: '12.345.678/0001-95' },
  outro: { name: 'Outro Net Telecom', city: 'Blumenau', pixKey: 'financeiro@outronet.com.br' },
};

function json(status: number, body: unknown): ActionAnswer {
  return { status, contentType: status === 200 ? JSON_TYPE : HTML_TYPE, body: JSON.stringify(body) };
}

function param(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

function money(value: string): string {
  return Number(value).toFixed(2).replace('.', ',');
}

function brDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

function boleto(instance: IxcInstance, body: Record<string, unknown>): ActionAnswer {
  const ids = param(body, 'boletos')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const invoices = ids.map((id) => instance.find('fn_areceber', id));
  const printable = (row: IxcRow | undefined): row is IxcRow =>
    row !== undefined && row.status !== 'C' && row.linha_digitavel !== '';
  // Real IXC answers an empty body (HTTP 200) when there is nothing to print.
  if (ids.length === 0 || !invoices.every(printable))
    return { status: 200, contentType: HTML_TYPE, body: '' };
  const provider = PROVIDERS[instance.origin];
  const lines = invoices.flatMap((row) => {
    const customer = instance.find('cliente', row.id_cliente ?? '');
    return [
      `${provider.name} - Boleto da fatura ${row.id}`,
      `Pagador: ${customer?.razao ?? ''} (${customer?.cnpj_cpf ?? ''})`,
      `Vencimento: ${brDate(row.data_vencimento ?? '')}   Valor: R$ ${money(row.valor_aberto ?? '0')}`,
      `Nosso numero: ${row.nn_boleto}`,
      `Linha digitavel: ${row.linha_digitavel}`,
      '',
    ];
  });
  const pdf = simplePdf(lines);
  if (param(body, 'base64').toUpperCase() === 'S') {
    return { status: 200, contentType: HTML_TYPE, body: pdf.toString('base64') };
  }
  return { status: 200, contentType: 'application/pdf', body: pdf };
}

function pix(instance: IxcInstance, body: Record<string, unknown>, now: Date): ActionAnswer {
  const id = param(body, 'id_areceber');
  const row = id ? instance.find('fn_areceber', id) : undefined;
  if (!row) return json(500, { type: 'error', message: `Título ${id} não encontrado!` });
  if (row.status === 'R' || row.status === 'C') {
    return json(200, {
      type: 'error',
      message: 'Não é possível gerar PIX para um título recebido ou cancelado!',
    });
  }
  // The charge is created once and then reused, as the PSP keeps it.
  if (!row.pix_txid) {
    row.pix_txid = createHash('sha1')
      .update(`${instance.name}:pix:${row.id}:${now.getTime()}`)
      .digest('hex')
      .slice(0, 32);
  }
  const provider = PROVIDERS[instance.origin];
  const customer = instance.find('cliente', row.id_cliente ?? '');
  const amount = Number(row.valor_aberto ?? '0').toFixed(2);
  const copiaECola = pixBrCode({ txid: row.pix_txid, amount, merchant: provider.name, city: provider.city });
  const digits = (customer?.cnpj_cpf ?? '').replace(/\D/g, '');
  const local = saoPauloNow(now);
  return json(200, {
    type: 'success',
    gateway: 'Sicredi',
    pix: {
      dadosPix: {
        calendario: { criacao: `${local.date}T${local.time}-03:00`, expiracao: 86400 },
        txid: row.pix_txid,
        revisao: 0,
        location: `pix.sim.local/qr/v2/${row.pix_txid}`,
        status: 'ATIVA',
        devedor: { [digits.length > 11 ? 'cnpj' : 'cpf']: digits, nome: customer?.razao ?? '' },
        valor: { original: amount },
        chave: provider.pixKey,
        solicitacaoPagador: `Fatura ${row.id}`,
        pixCopiaECola: copiaECola,
      },
      qrCode: { qrcode: copiaECola, imagemQrcode: placeholderQrPng() },
    },
  });
}

const BLOCKED = new Set(['CM', 'CA', 'FA']);

function trustUnlock(instance: IxcInstance, body: Record<string, unknown>): ActionAnswer {
  const id = param(body, 'id');
  const contract = id ? instance.find('cliente_contrato', id) : undefined;
  const refuse = (codigo: string, mensagem: string) => json(200, { tipo: 'erro', codigo, mensagem });
  if (!contract) return refuse('106', 'ID de contrato inexistente na base de dados.');
  if (contract.status === 'I' || contract.status === 'D' || contract.status_internet === 'D') {
    return refuse('109', 'Não é possível utilizar o desbloqueio de confiança, o contrato está inativo.');
  }
  if (contract.status_internet === 'A') {
    return refuse(
      '107',
      'O contrato já encontra-se ativo, não é necessário utilizar o desbloqueio de confiança.',
    );
  }
  if (!BLOCKED.has(contract.status_internet ?? '') || contract.desbloqueio_confianca !== 'S') {
    return refuse('109', 'Não é possível utilizar o desbloqueio de confiança para este contrato.');
  }
  if (contract.desbloqueio_confianca_ativo === 'S') {
    return refuse(
      '113',
      `O desbloqueio de confiança não está disponível para o contrato ${contract.id}, este recurso já foi usado e o título em aberto ainda não foi pago.`,
    );
  }
  contract.status_internet = 'A';
  contract.desbloqueio_confianca_ativo = 'S';
  return json(200, { tipo: 'sucesso', mensagem: 'Desbloqueio de confiança realizado com sucesso!' });
}

export function runAction(
  name: ActionName,
  instance: IxcInstance,
  body: Record<string, unknown>,
  now: Date,
): ActionAnswer {
  switch (name) {
    case 'get_boleto':
      return boleto(instance, body);
    case 'get_pix':
      return pix(instance, body, now);
    case 'desbloqueio_confianca':
      return trustUnlock(instance, body);
  }
}
