// IXC's action endpoints that the portal uses next to the tables: the boleto PDF, the PIX charge, the
// fiscal note and contract printouts, the trust unlock and the protocol numbers. Their answers do not follow
// the table protocol, each has its own shape (measured on real instances by public integrations): get_boleto
// answers the PDF as base64 plain text and an empty body when there is no boleto; get_pix answers
// `{pix:{dadosPix, qrCode}, gateway, type}` (IXC's Postman collection, "5. Retornar o Pix do Boleto") and
// HTTP 500 for an unknown invoice; imprimir_nota answers the PDF as base64 text or `{type:'error'}`;
// desbloqueio_confianca answers `{ tipo, mensagem }` with a `codigo` on refusals. A title not released
// (`liberado` 'N') is refused by get_boleto and get_pix (how real IXC answers it is not published).
// The contract printout is a button of the installation's own: `cliente_contrato_imprimir_contrato_{n}`, `n`
// the id of its contract model (the collection's example is 17678), body `{id}`, the PDF as bare base64 text
// or `{type:'error'}` with HTTP 200 (public clients read it so). `gerar_protocolo_atendimento` (and
// `gerar_protocolo_ordem_servico`) take no body and answer the new protocol as a bare number, which clients
// then pass as `protocolo` of the ticket or order they insert (public clients print or send the body as is).

import { createHash } from 'node:crypto';
import { addDays, saoPauloNow } from '../clock.ts';
import { type BoletoDocument, boletoPdf, contractPdf, fiscalNotePdf } from './documents.ts';
import { barcodeFromLinhaDigitavel } from './febraban.ts';
import { settingsOf } from './instance-settings.ts';
import { pixBrCode, pixQrPng } from './pix.ts';
import { type PixImageStyle, PROVIDERS } from './providers.ts';
import type { IxcRow } from './schema.ts';
import { CONTRACT_PRINT_IDS } from './seed.ts';
import type { IxcInstance } from './store.ts';

const ACTION_NAMES = [
  'get_boleto',
  'get_pix',
  'imprimir_nota',
  'desbloqueio_confianca',
  'gerar_protocolo_atendimento',
  'gerar_protocolo_ordem_servico',
] as const;
/** the actions, plus the contract printout whose resource name depends on the installation */
export type ActionName = (typeof ACTION_NAMES)[number] | 'imprimir_contrato';

const CONTRACT_PRINT = /^cliente_contrato_imprimir_contrato_(\d+)$/;

/**
 * The action a resource name calls in this installation, if any. A contract printout with another model's id
 * is not an action here: it is answered as any unknown resource.
 */
export function actionOf(resource: string, instance: IxcInstance): ActionName | undefined {
  if ((ACTION_NAMES as readonly string[]).includes(resource)) return resource as ActionName;
  const model = CONTRACT_PRINT.exec(resource)?.[1];
  return model !== undefined && model === CONTRACT_PRINT_IDS[instance.origin]
    ? 'imprimir_contrato'
    : undefined;
}

export interface ActionContext {
  now: Date;
  /** the installation's root URL, under which `/webservice/v1` and `/api-module` live */
  installationUrl: string;
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

const notReleased = (id: string) => error(`O título ${id} não está liberado!`);

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
  const hidden = invoices.find((row) => row?.liberado === 'N');
  if (hidden) return notReleased(hidden.id ?? '');
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

/** The title's charge at the gateway, created on the first call and the same one afterwards. */
function pixCharge(instance: IxcInstance, row: IxcRow, now: Date) {
  const id = row.id ?? '';
  if (!/^[A-Za-z0-9]{1,25}$/.test(row.pix_txid ?? '')) row.pix_txid = newTxid(instance, id, now);
  const txid = row.pix_txid ?? '';
  const charges = settingsOf(instance).pixCharges;
  let charge = charges.get(id);
  if (charge?.txid !== txid) {
    const locId =
      Number.parseInt(createHash('sha1').update(txid).digest('hex').slice(0, 8), 16) % 2_000_000_000;
    charge = { txid, locId, createdAt: now };
    charges.set(id, charge);
  }
  return charge;
}

async function pixImage(style: PixImageStyle, brCode: string): Promise<string> {
  if (style === 'empty') return '';
  const png = (await pixQrPng(brCode)).toString('base64');
  return style === 'data-uri' ? `data:image/png;base64,${png}` : png;
}

const brDate = (iso: string) => iso.split('-').reverse().join('/');

/** Days a charge with a due date (cobv) stays payable after it, as IXC's gateways send it. */
const VALID_AFTER_DUE = 90;

async function pix(
  instance: IxcInstance,
  body: Record<string, unknown>,
  ctx: ActionContext,
): Promise<ActionAnswer> {
  const id = param(body, 'id_areceber');
  const row = id ? instance.find('fn_areceber', id) : undefined;
  if (!row) return json(500, { type: 'error', message: `Título ${id} não encontrado!` });
  if (row.liberado === 'N') return notReleased(row.id ?? id);
  if (row.status === 'R' || row.status === 'C') {
    return error('Não é possível gerar PIX para um título recebido ou cancelado!');
  }
  const charge = pixCharge(instance, row, ctx.now);
  const provider = PROVIDERS[instance.origin];
  const customer = instance.find('cliente', row.id_cliente ?? '');
  const amount = Number(row.valor_aberto ?? '0').toFixed(2);
  const copiaECola = pixBrCode({
    key: provider.pixKey,
    txid: charge.txid,
    amount,
    merchant: provider.name,
    city: provider.city,
  });
  const digits = (customer?.cnpj_cpf ?? '').replace(/\D/g, '');
  const due = row.data_vencimento ?? '';
  const created = charge.createdAt.toISOString();
  const image = await pixImage(settingsOf(instance).pixImage, copiaECola);
  // the shape of IXC's own example (a cobv of gateway "MB"), key order included
  return json(200, {
    pix: {
      dadosPix: {
        revisao: 0,
        loc: { id: charge.locId, location: '', tipoCob: 'cobv', criacao: created },
        calendario: {
          criacao: created.replace(/\.\d{3}Z$/, 'Z'),
          dataDeVencimento: due,
          validadeAposVencimento: VALID_AFTER_DUE,
        },
        devedor: { [digits.length > 11 ? 'cnpj' : 'cpf']: digits, nome: customer?.razao ?? '' },
        valor: {
          original: amount,
          abatimento: [],
          juros: { valorPerc: '0.03', modalidade: 2 },
          multa: { valorPerc: '2.00', modalidade: 2 },
        },
        chave: provider.pixKey,
        txid: charge.txid,
        status: 'ATIVA',
        solicitacaoPagador: `de ${brDate(addDays(due, -30))} ate ${brDate(addDays(due, -1))}`,
        infoAdicionais: [],
        pixCopiaECola: copiaECola,
        expiracaoPix: `${brDate(addDays(due, VALID_AFTER_DUE))} 00:00:00`,
      },
      qrCode: {
        qrcode: copiaECola,
        imagemQrcode: image,
        imagemSrc: pixImageUrl(ctx.installationUrl, copiaECola),
      },
    },
    gateway: { gatewayNome: provider.pixGateway.name },
    type: 'success',
  });
}

/** IXC's own QR renderer, which `qrCode.imagemSrc` points at whatever the gateway sent. */
export const PIX_IMAGE_PATH = '/api-module/webhook-pagamentos/pix/get-qr-code';

export function pixImageUrl(installationUrl: string, brCode: string): string {
  return `${installationUrl}${PIX_IMAGE_PATH}?code=${encodeURIComponent(brCode)}`;
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

/** The contract's document: bare base64 text, whatever the body says, as public clients read it. */
async function contractDocument(
  instance: IxcInstance,
  body: Record<string, unknown>,
  now: Date,
): Promise<ActionAnswer> {
  const id = param(body, 'id');
  if (!id) return error('ID do contrato não informado!');
  const contract = instance.find('cliente_contrato', id);
  if (!contract) return error(`Contrato ${id} não encontrado!`);
  const plan = instance.find('vd_contratos', contract.id_vd_contrato ?? '');
  const items = instance
    .rows('vd_contratos_produtos')
    .filter((item) =>
      item.id_contrato !== '0'
        ? item.id_contrato === contract.id
        : item.id_vd_contrato !== '0' && item.id_vd_contrato === contract.id_vd_contrato,
    );
  const pdf = await contractPdf(
    {
      provider: PROVIDERS[instance.origin],
      contract,
      customer: instance.find('cliente', contract.id_cliente ?? ''),
      plan,
      items,
    },
    now,
  );
  return { status: 200, contentType: HTML_TYPE, body: pdf.toString('base64') };
}

/**
 * A new protocol number, never handed out before in this installation: the year and an 8-digit counter, the
 * shape of the numbers public clients got (`202607581197`). One counter for tickets and service orders.
 */
function newProtocol(instance: IxcInstance, now: Date): ActionAnswer {
  const settings = settingsOf(instance);
  settings.protocolSequence += 1;
  const year = saoPauloNow(now).date.slice(0, 4);
  const protocol = `${year}${String(settings.protocolSequence).padStart(8, '0')}`;
  return { status: 200, contentType: JSON_TYPE, body: protocol };
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
  ctx: ActionContext,
): Promise<ActionAnswer> {
  switch (name) {
    case 'get_boleto':
      return boleto(instance, body, ctx.now);
    case 'get_pix':
      return pix(instance, body, ctx);
    case 'imprimir_nota':
      return fiscalNote(instance, body, ctx.now);
    case 'desbloqueio_confianca':
      return trustUnlock(instance, body);
    case 'imprimir_contrato':
      return contractDocument(instance, body, ctx.now);
    case 'gerar_protocolo_atendimento':
    case 'gerar_protocolo_ordem_servico':
      return newProtocol(instance, ctx.now);
  }
}
