// IXC's action endpoints that the portal uses next to the tables: the boleto PDF, the PIX charge, the
// fiscal note printout and the trust unlock. Their answers do not follow the table protocol, each has its
// own shape (measured on real instances by public integrations): get_boleto answers the PDF as base64 plain
// text and an empty body when there is no boleto; get_pix answers HTTP 500 for an unknown invoice;
// imprimir_nota answers the PDF as base64 text or `{type:'error'}`; desbloqueio_confianca answers
// `{ tipo, mensagem }` with a `codigo` on refusals.

import { createHash } from 'node:crypto';
import { saoPauloNow } from '../clock.ts';
import { type BoletoDocument, boletoPdf, fiscalNotePdf } from './documents.ts';
import { barcodeFromLinhaDigitavel } from './febraban.ts';
import { pixBrCode, pixQrPng } from './pix.ts';
import { PROVIDERS } from './providers.ts';
import type { IxcRow } from './schema.ts';
import type { IxcInstance } from './store.ts';

export const ACTION_NAMES = ['get_boleto', 'get_pix', 'imprimir_nota', 'desbloqueio_confianca'] as const;
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

function json(status: number, body: unknown): ActionAnswer {
  return { status, contentType: status === 200 ? JSON_TYPE : HTML_TYPE, body: JSON.stringify(body) };
}

function error(message: string): ActionAnswer {
  return { status: 200, contentType: HTML_TYPE, body: JSON.stringify({ type: 'error', message }) };
}

function param(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** A PDF as IXC sends it: base64 plain text with `base64: 'S'`, the bytes otherwise. */
function pdfAnswer(pdf: Buffer, body: Record<string, unknown>): ActionAnswer {
  if (param(body, 'base64').toUpperCase() === 'S') {
    return { status: 200, contentType: HTML_TYPE, body: pdf.toString('base64') };
  }
  return { status: 200, contentType: 'application/pdf', body: pdf };
}

function hasValidLine(row: IxcRow): boolean {
  try {
    barcodeFromLinhaDigitavel(row.linha_digitavel ?? '');
    return true;
  } catch {
    return false;
  }
}

/**
 * The stored boleto, as issued: `atualiza_boleto`, `juro` and `multa` (the portal sends 'N') are not
 * applied, the simulator never recalculates a charge.
 */
async function boleto(
  instance: IxcInstance,
  body: Record<string, unknown>,
  now: Date,
): Promise<ActionAnswer> {
  const ids = param(body, 'boletos')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const invoices = ids.map((id) => instance.find('fn_areceber', id));
  const printable = (row: IxcRow | undefined): row is IxcRow =>
    row !== undefined && row.status !== 'C' && hasValidLine(row);
  // Real IXC answers an empty body (HTTP 200) when there is nothing to print.
  if (ids.length === 0 || !invoices.every(printable))
    return { status: 200, contentType: HTML_TYPE, body: '' };
  const provider = PROVIDERS[instance.origin];
  const docs: BoletoDocument[] = invoices.map((invoice) => ({
    provider,
    invoice,
    customer: instance.find('cliente', invoice.id_cliente ?? ''),
  }));
  return pdfAnswer(await boletoPdf(docs, now), body);
}

/** A PIX transaction id as a BR Code carries it: 25 letters or digits. */
function newTxid(instance: IxcInstance, id: string, now: Date): string {
  return createHash('sha1').update(`${instance.name}:pix:${id}:${now.getTime()}`).digest('hex').slice(0, 25);
}

async function pix(instance: IxcInstance, body: Record<string, unknown>, now: Date): Promise<ActionAnswer> {
  const id = param(body, 'id_areceber');
  const row = id ? instance.find('fn_areceber', id) : undefined;
  if (!row) return json(500, { type: 'error', message: `Título ${id} não encontrado!` });
  if (row.status === 'R' || row.status === 'C') {
    return error('Não é possível gerar PIX para um título recebido ou cancelado!');
  }
  // The charge is created once and then reused, as the PSP keeps it.
  if (!/^[A-Za-z0-9]{1,25}$/.test(row.pix_txid ?? '')) row.pix_txid = newTxid(instance, row.id ?? id, now);
  const txid = row.pix_txid ?? '';
  const provider = PROVIDERS[instance.origin];
  const customer = instance.find('cliente', row.id_cliente ?? '');
  const amount = Number(row.valor_aberto ?? '0').toFixed(2);
  const copiaECola = pixBrCode({
    key: provider.pixKey,
    txid,
    amount,
    merchant: provider.name,
    city: provider.city,
  });
  const digits = (customer?.cnpj_cpf ?? '').replace(/\D/g, '');
  const local = saoPauloNow(now);
  return json(200, {
    type: 'success',
    gateway: 'Sicredi',
    pix: {
      dadosPix: {
        calendario: { criacao: `${local.date}T${local.time}-03:00`, expiracao: 86400 },
        txid,
        revisao: 0,
        status: 'ATIVA',
        devedor: { [digits.length > 11 ? 'cnpj' : 'cpf']: digits, nome: customer?.razao ?? '' },
        valor: { original: amount },
        chave: provider.pixKey,
        solicitacaoPagador: `Fatura ${row.id}`,
        pixCopiaECola: copiaECola,
      },
      qrCode: { qrcode: copiaECola, imagemQrcode: (await pixQrPng(copiaECola)).toString('base64') },
    },
  });
}

async function fiscalNote(
  instance: IxcInstance,
  body: Record<string, unknown>,
  now: Date,
): Promise<ActionAnswer> {
  const id = param(body, 'id');
  if (!id) return error('ID da nota fiscal não informado!');
  const note = instance.find('vd_saida', id);
  if (!note) return error(`Nota fiscal ${id} não encontrada!`);
  if (note.status === 'C') return error('Não é possível imprimir uma nota fiscal cancelada!');
  if (note.status === 'D') return error('Não é possível imprimir uma nota fiscal denegada!');
  const pdf = await fiscalNotePdf(
    {
      provider: PROVIDERS[instance.origin],
      note,
      customer: instance.find('cliente', note.id_cliente ?? ''),
      contract: instance.find('cliente_contrato', note.id_contrato ?? ''),
    },
    now,
  );
  return pdfAnswer(pdf, body);
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

export async function runAction(
  name: ActionName,
  instance: IxcInstance,
  body: Record<string, unknown>,
  now: Date,
): Promise<ActionAnswer> {
  switch (name) {
    case 'get_boleto':
      return boleto(instance, body, now);
    case 'get_pix':
      return pix(instance, body, now);
    case 'imprimir_nota':
      return fiscalNote(instance, body, now);
    case 'desbloqueio_confianca':
      return trustUnlock(instance, body);
  }
}
