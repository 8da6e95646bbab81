// The PDFs that IXC hands out: the boleto ("bloqueto de cobrança", with its FEBRABAN line and ITF barcode)
// and the printout of a fiscal note, drawn with pdf-lib through ./pdf.ts.

import { createHash } from 'node:crypto';
import { saoPauloNow } from '../clock.ts';
import {
  barcodeFromLinhaDigitavel,
  formatLinhaDigitavel,
  ITF_MODULE_PT,
  itfPattern,
  SICREDI,
} from './febraban.ts';
import { type PdfPage, pdfDocument, type Rect } from './pdf.ts';
import { CITY_NAMES, type Provider } from './providers.ts';
import type { IxcRow } from './schema.ts';

const LEFT = 28;
const RIGHT = 567;

/** 1234.5 → '1.234,50' */
export function brl(cents: number): string {
  const [int = '0', dec = '00'] = (cents / 100).toFixed(2).split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
}

function brDate(date: string | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  if (!match || match[1] === '0000') return '';
  return `${match[3]}/${match[2]}/${match[1]}`;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function customerAddress(customer: IxcRow | undefined): string[] {
  if (!customer) return [];
  const street = [customer.endereco, customer.numero].filter(Boolean).join(', ');
  const first = [street, customer.complemento, customer.bairro].filter(Boolean).join(' - ');
  const city = CITY_NAMES[customer.cidade ?? ''] ?? '';
  const second = [city && `${city}/SC`, customer.cep && `CEP ${customer.cep}`].filter(Boolean).join(' - ');
  return [first, second].filter(Boolean);
}

function document(customer: IxcRow | undefined): string {
  const digits = (customer?.cnpj_cpf ?? '').replace(/\D/g, '');
  return `${digits.length > 11 ? 'CNPJ' : 'CPF'}: ${customer?.cnpj_cpf ?? ''}`;
}

/** A box with a small caption at its top and a value below it, `top` measured from the page's top. */
function cell(
  page: PdfPage,
  x: number,
  top: number,
  w: number,
  h: number,
  label: string,
  value = '',
  opts: { bold?: boolean; size?: number } = {},
): void {
  const y = page.height - top - h;
  page.box(x, y, w, h, 0.5);
  page.text(x + 2.5, page.height - top - 7, label, { size: 5.5 });
  if (value) page.text(x + 2.5, y + 4.5, value, { size: opts.size ?? 8.5, bold: opts.bold });
}

export interface BoletoDocument {
  provider: Provider;
  invoice: IxcRow;
  customer: IxcRow | undefined;
}

/** The marked-content tag around the barcode's bars. */
export const BARCODE_TAG = 'Barcode';

/** The ITF symbol of the barcode as filled bars, narrow module `ITF_MODULE_PT`, 13 mm tall. */
function drawBarcode(page: PdfPage, barcode: string, x: number, top: number): void {
  const height = 36.85; // 13 mm
  const y = page.height - top - height;
  const bars: Rect[] = [];
  let at = x;
  itfPattern(barcode).forEach((modules, i) => {
    const width = modules * ITF_MODULE_PT;
    if (i % 2 === 0) bars.push({ x: at, y, width, height });
    at += width;
  });
  page.filledGroup(BARCODE_TAG, bars);
}

function drawBoleto(page: PdfPage, doc: BoletoDocument): void {
  const { provider, invoice, customer } = doc;
  const line = invoice.linha_digitavel ?? '';
  const barcode = barcodeFromLinhaDigitavel(line);
  const formatted = formatLinhaDigitavel(line);
  const value = brl(Number(barcode.slice(9, 19)));
  const due = brDate(invoice.data_vencimento);
  const nn = invoice.nn_boleto ?? '';
  const ourNumber = nn.length === 9 ? `${nn.slice(0, 2)}/${nn.slice(2, 8)}-${nn.slice(8)}` : nn;
  const agency = `${SICREDI.cooperative}.${SICREDI.post}.${SICREDI.beneficiary}`;
  const beneficiary = `${provider.legalName} - CNPJ ${provider.cnpj}`;
  const payer = `${customer?.razao ?? ''} - ${document(customer)}`;
  const contract =
    invoice.id_contrato && invoice.id_contrato !== '0' ? invoice.id_contrato : invoice.id_contrato_avulso;
  const H = page.height;
  const split = 428;

  // Recibo do pagador
  page.text(LEFT, H - 50, provider.name, { size: 14, bold: true });
  page.text(LEFT, H - 64, `Boleto da fatura ${invoice.id}`, { size: 10 });
  page.text(470, H - 50, 'Recibo do Pagador', { size: 9, bold: true });
  cell(page, LEFT, 72, 300, 24, 'Beneficiário', beneficiary, { size: 7.5 });
  cell(page, 328, 72, 100, 24, 'Agência/Código do beneficiário', agency);
  cell(page, split, 72, RIGHT - split, 24, 'Vencimento', due, { bold: true });
  cell(page, LEFT, 96, 300, 24, 'Pagador', payer, { size: 7.5 });
  cell(page, 328, 96, 100, 24, 'Nosso número', ourNumber);
  cell(page, split, 96, RIGHT - split, 24, 'Valor do documento', `R$ ${value}`, { bold: true });
  cell(page, LEFT, 120, 400, 24, 'Linha digitável', formatted, { size: 9 });
  cell(page, split, 120, RIGHT - split, 24, 'Nº do documento', invoice.documento || invoice.id || '');
  page.text(440, H - 154, 'Autenticação mecânica', { size: 6 });
  page.dashedLine(LEFT, H - 178, RIGHT, H - 178);
  page.text(LEFT, H - 186, 'Corte na linha pontilhada', { size: 5.5 });

  // Ficha de compensação
  page.text(LEFT, H - 216, 'SICREDI', { size: 16, bold: true });
  page.line(118, H - 198, 118, H - 222, 1.2);
  page.text(124, H - 216, SICREDI.bankLabel, { size: 16, bold: true });
  page.line(180, H - 198, 180, H - 222, 1.2);
  page.text(188, H - 215, formatted, { size: 11, bold: true });
  page.line(LEFT, H - 222, RIGHT, H - 222, 1.2);
  const top = 222;
  cell(
    page,
    LEFT,
    top,
    split - LEFT,
    24,
    'Local de pagamento',
    'Pagável em qualquer banco ou canal digital até o vencimento',
  );
  cell(page, split, top, RIGHT - split, 24, 'Vencimento', due, { bold: true });
  cell(page, LEFT, top + 24, split - LEFT, 24, 'Beneficiário', beneficiary);
  cell(page, split, top + 24, RIGHT - split, 24, 'Agência/Código do beneficiário', agency);
  let x = LEFT;
  for (const [w, label, v] of [
    [80, 'Data do documento', brDate(invoice.data_emissao)],
    [100, 'Nº do documento', invoice.documento || invoice.id || ''],
    [60, 'Espécie doc.', 'DM'],
    [40, 'Aceite', 'N'],
    [120, 'Data processamento', brDate(invoice.data_emissao)],
  ] as const) {
    cell(page, x, top + 48, w, 24, label, v);
    x += w;
  }
  cell(page, split, top + 48, RIGHT - split, 24, 'Nosso número', ourNumber);
  x = LEFT;
  for (const [w, label, v] of [
    [80, 'Uso do banco', ''],
    [60, 'Carteira', '1'],
    [60, 'Espécie', 'REAL'],
    [100, 'Quantidade', ''],
    [100, 'Valor', ''],
  ] as const) {
    cell(page, x, top + 72, w, 24, label, v);
    x += w;
  }
  cell(page, split, top + 72, RIGHT - split, 24, '(=) Valor do documento', value, { bold: true });
  cell(page, LEFT, top + 96, split - LEFT, 100, 'Instruções (texto de responsabilidade do beneficiário)');
  [
    'Não receber após 60 dias do vencimento.',
    'Após o vencimento, multa de 2,00% e juros de mora de 1,00% ao mês.',
    `Referente à fatura ${invoice.id}${contract && contract !== '0' ? ` do contrato ${contract}` : ''}.`,
    'DOCUMENTO DE DEMONSTRAÇÃO (simulador do Central): NÃO PAGUE.',
  ].forEach((text, i) => {
    page.text(LEFT + 4, H - top - 120 - i * 12, text, { size: 8 });
  });
  [
    '(-) Desconto/Abatimento',
    '(-) Outras deduções',
    '(+) Mora/Multa',
    '(+) Outros acréscimos',
    '(=) Valor cobrado',
  ].forEach((label, i) => {
    cell(page, split, top + 96 + i * 20, RIGHT - split, 20, label);
  });
  const payerTop = top + 196;
  page.box(LEFT, H - payerTop - 46, RIGHT - LEFT, 46, 0.5);
  page.text(LEFT + 2.5, H - payerTop - 7, 'Pagador', { size: 5.5 });
  page.text(LEFT + 4, H - payerTop - 17, payer, { size: 8.5 });
  customerAddress(customer).forEach((text, i) => {
    page.text(LEFT + 4, H - payerTop - 28 - i * 10, text, { size: 8 });
  });
  page.text(400, H - payerTop - 56, 'Autenticação mecânica - Ficha de Compensação', { size: 6.5 });
  drawBarcode(page, barcode, LEFT + 12, payerTop + 64);
}

/** One page per boleto; every line must be a valid FEBRABAN line (it is drawn as its barcode). */
export function boletoPdf(docs: BoletoDocument[], now: Date): Promise<Buffer> {
  return pdfDocument(
    { title: `Boleto ${docs.map((d) => d.invoice.id).join(', ')}`, now },
    docs.map((doc) => (page: PdfPage) => drawBoleto(page, doc)),
  );
}

// --- Fiscal notes ---------------------------------------------------------------------------------------

const SCM_TYPES = new Set(['632', '604', '605', '634', '603', '633']);

export interface FiscalNoteKind {
  label: string;
  item: string;
  code: 'scm' | 'nfse' | 'nfe' | 'sva';
}

/** What a `vd_saida.id_tipo_documento` prints as (spec §9: SVA 900; SCM 632, 604, 605, 634, 603, 633; NFS-e 13). */
export function fiscalNoteKind(type: string): FiscalNoteKind {
  if (SCM_TYPES.has(type)) {
    return {
      label: 'Nota Fiscal de Serviço de Comunicação - SCM (modelo 21)',
      item: 'Serviço de comunicação multimídia',
      code: 'scm',
    };
  }
  if (type === '900')
    return {
      label: 'Nota de Serviço de Valor Adicionado - SVA',
      item: 'Serviços de valor adicionado',
      code: 'sva',
    };
  if (type === '13')
    return {
      label: 'Nota Fiscal de Serviços Eletrônica - NFS-e',
      item: 'Serviços técnicos de informática',
      code: 'nfse',
    };
  if (type === '55')
    return { label: 'Nota Fiscal Eletrônica - NF-e (modelo 55)', item: 'Venda de equipamento', code: 'nfe' };
  return { label: `Documento fiscal (tipo ${type})`, item: 'Serviços', code: 'sva' };
}

function mod11Key(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

function groups(text: string, size: number): string {
  return text.match(new RegExp(`.{1,${size}}`, 'g'))?.join(' ') ?? text;
}

export interface FiscalNoteDocument {
  provider: Provider;
  note: IxcRow;
  customer: IxcRow | undefined;
  contract: IxcRow | undefined;
}

export function fiscalNotePdf(doc: FiscalNoteDocument, now: Date): Promise<Buffer> {
  return pdfDocument({ title: `Nota fiscal ${doc.note.numero_nf ?? ''}`, now }, [
    (page) => drawFiscalNote(page, doc),
  ]);
}

function drawFiscalNote(page: PdfPage, doc: FiscalNoteDocument): void {
  const { provider, note, customer, contract } = doc;
  const kind = fiscalNoteKind(note.id_tipo_documento ?? '');
  const H = page.height;
  const cents = Math.round(Number(note.valor_total ?? '0') * 100);
  const issued = note.data_emissao ?? '';
  const issuedText = `${brDate(issued)} ${issued.slice(11, 19)}`.trim();
  const number = note.numero_nf ?? '';
  const serie = note.serie ?? '';

  // Issuer
  page.box(LEFT, H - 130, RIGHT - LEFT, 100, 0.8);
  page.line(360, H - 30, 360, H - 130, 0.8);
  page.text(LEFT + 6, H - 48, provider.legalName, { size: 11, bold: true });
  page.text(LEFT + 6, H - 62, provider.address, { size: 8 });
  page.text(LEFT + 6, H - 73, `${provider.city}/${provider.uf}`, { size: 8 });
  page.text(LEFT + 6, H - 84, `CNPJ: ${provider.cnpj}   IE: ${provider.stateRegistration}`, { size: 8 });
  wrap(kind.label, 34).forEach((text, i) => {
    page.text(366, H - 46 - i * 11, text, { size: 8.5, bold: true });
  });
  page.text(366, H - 90, `Nº ${number}   Série ${serie}`, { size: 11, bold: true });
  page.text(366, H - 104, `Emissão: ${issuedText}`, { size: 8.5 });
  page.text(366, H - 118, 'Situação: autorizada', { size: 8.5 });

  // Customer
  cell(page, LEFT, 144, RIGHT - LEFT, 58, 'Destinatário / tomador');
  page.text(LEFT + 6, H - 162, customer?.razao ?? '', { size: 9.5, bold: true });
  page.text(LEFT + 6, H - 174, document(customer), { size: 8.5 });
  customerAddress(customer).forEach((text, i) => {
    page.text(LEFT + 200, H - 174 - i * 11, text, { size: 8.5 });
  });
  if (contract) page.text(LEFT + 6, H - 186, `Contrato ${contract.id}`, { size: 8.5 });

  // Items
  const itemsTop = 216;
  page.text(LEFT, H - itemsTop + 6, 'Discriminação dos serviços', { size: 9, bold: true });
  const columns: [number, string, string][] = [
    [
      311,
      'Descrição',
      kind.code === 'scm' && contract?.contrato ? `${kind.item} - ${contract.contrato}` : kind.item,
    ],
    [50, 'Qtd.', '1'],
    [89, 'Valor unitário', brl(cents)],
    [89, 'Valor total', brl(cents)],
  ];
  let x = LEFT;
  for (const [w, label, value] of columns) {
    cell(page, x, itemsTop, w, 26, label, value);
    x += w;
  }
  cell(page, LEFT, itemsTop + 40, RIGHT - LEFT, 30, 'Valor total da nota', `R$ ${brl(cents)}`, {
    bold: true,
    size: 12,
  });

  // Fiscal authentication
  const authTop = itemsTop + 84;
  const year = issued.slice(2, 4) || '00';
  const month = issued.slice(5, 7) || '00';
  if (kind.code === 'scm') {
    const hash = createHash('md5')
      .update(`${provider.cnpj}|${number}|${serie}|${note.valor_total}|${issued}`)
      .digest('hex')
      .toUpperCase();
    cell(page, LEFT, authTop, RIGHT - LEFT, 30, 'Reservado ao Fisco', groups(hash, 4));
  } else if (kind.code === 'nfe') {
    const base =
      provider.ufCode +
      year +
      month +
      provider.cnpj.replace(/\D/g, '') +
      '55' +
      serie.replace(/\D/g, '').padStart(3, '0').slice(-3) +
      number.padStart(9, '0').slice(-9) +
      '1' +
      (note.id ?? '').padStart(8, '0').slice(-8);
    cell(page, LEFT, authTop, RIGHT - LEFT, 30, 'Chave de acesso', groups(`${base}${mod11Key(base)}`, 4));
  } else if (kind.code === 'nfse') {
    const code = createHash('sha1')
      .update(`${provider.cnpj}|${number}`)
      .digest('hex')
      .slice(0, 8)
      .toUpperCase();
    cell(page, LEFT, authTop, RIGHT - LEFT, 30, 'Código de verificação', code);
  } else {
    cell(
      page,
      LEFT,
      authTop,
      RIGHT - LEFT,
      30,
      'Observação',
      'Serviço não sujeito ao ICMS (Lei Complementar 116/2003).',
    );
  }
  page.text(
    LEFT,
    H - authTop - 48,
    'Documento de demonstração gerado pelo simulador IXC do Central: sem valor fiscal.',
    { size: 7.5 },
  );
}

// --- Contract ("Imprimir Contrato") ----------------------------------------------------------------------

export interface ContractDocument {
  provider: Provider;
  contract: IxcRow;
  customer: IxcRow | undefined;
  /** the sale plan (`vd_contratos`) named by the contract's `id_vd_contrato` */
  plan: IxcRow | undefined;
  /** the plan's items and the contract's own (`vd_contratos_produtos`) */
  items: IxcRow[];
}

/** The installation address: the customer's own when `endereco_padrao_cliente` is 'S' (spec §3). */
function installationAddress(contract: IxcRow, customer: IxcRow | undefined): string[] {
  return customerAddress(contract.endereco_padrao_cliente === 'S' ? customer : contract);
}

function contractClauses(provider: Provider, months: string): [string, string][] {
  return [
    [
      'Objeto',
      'A CONTRATADA presta ao ASSINANTE o Serviço de Comunicação Multimídia (SCM) de acesso à internet por fibra óptica, no plano e no endereço de instalação deste contrato, conforme a regulamentação da Anatel.',
    ],
    [
      'Preço e pagamento',
      'O ASSINANTE paga mensalmente o valor do plano até o vencimento, por boleto, PIX ou cartão de crédito. O atraso acarreta multa de 2% e juros de mora de 1% ao mês.',
    ],
    [
      'Suspensão por falta de pagamento',
      'Com débito vencido há mais de 15 dias, e após aviso ao ASSINANTE, o serviço pode ser suspenso até a quitação. O desbloqueio de confiança pode ser pedido uma vez por período, pela Central do Assinante.',
    ],
    [
      'Equipamentos em comodato',
      'Os equipamentos cedidos em comodato continuam de propriedade da CONTRATADA e devem ser devolvidos em perfeito estado ao fim do contrato.',
    ],
    [
      'Permanência',
      `Em troca dos benefícios concedidos na adesão, o ASSINANTE permanece vinculado por ${months} meses; a rescisão antecipada gera multa proporcional aos meses que faltarem.`,
    ],
    [
      'Atendimento',
      'Solicitações e reclamações são abertas pela Central do Assinante, por telefone ou por WhatsApp, e cada uma recebe um número de protocolo.',
    ],
    [
      'Foro',
      `Fica eleito o foro da comarca de ${provider.city}/${provider.uf} para dirimir as questões deste contrato.`,
    ],
  ];
}

function drawContractParties(page: PdfPage, doc: ContractDocument, now: Date): void {
  const { provider, contract, customer, plan, items } = doc;
  const H = page.height;
  page.text(LEFT, H - 50, provider.name, { size: 14, bold: true });
  page.text(LEFT, H - 63, `${provider.legalName} - CNPJ ${provider.cnpj}`, { size: 8 });
  page.text(LEFT, H - 74, `${provider.address} - ${provider.city}/${provider.uf}`, { size: 8 });
  page.line(LEFT, H - 82, RIGHT, H - 82, 1);
  page.text(LEFT, H - 102, 'CONTRATO DE PRESTAÇÃO DE SERVIÇO DE COMUNICAÇÃO MULTIMÍDIA', {
    size: 11.5,
    bold: true,
  });
  page.text(LEFT, H - 118, `Contrato nº ${contract.id ?? ''}`, { size: 10, bold: true });
  page.text(430, H - 118, `Emitido em ${brDate(saoPauloNow(now).date)}`, { size: 8.5 });

  const digits = (customer?.cnpj_cpf ?? '').replace(/\D/g, '');
  cell(page, LEFT, 130, RIGHT - LEFT, 24, 'Assinante', customer?.razao ?? '', { bold: true });
  cell(page, LEFT, 154, 200, 24, digits.length > 11 ? 'CNPJ' : 'CPF', customer?.cnpj_cpf ?? '');
  cell(page, LEFT + 200, 154, 200, 24, 'E-mail', customer?.email ?? '');
  cell(page, LEFT + 400, 154, RIGHT - LEFT - 400, 24, 'Celular', customer?.telefone_celular ?? '');

  cell(page, LEFT, 190, RIGHT - LEFT, 40, 'Endereço de instalação');
  installationAddress(contract, customer).forEach((text, i) => {
    page.text(LEFT + 6, H - 190 - 19 - i * 11, text, { size: 9 });
  });

  const monthly = items.reduce(
    (total, item) => total + Number(item.qtde || 0) * Number(item.valor_unit || 0),
    0,
  );
  const activated = brDate(contract.data_ativacao) || 'Aguardando ativação';
  cell(page, LEFT, 242, 300, 24, 'Plano contratado', contract.contrato ?? '', { bold: true });
  cell(
    page,
    LEFT + 300,
    242,
    RIGHT - LEFT - 300,
    24,
    'Valor mensal',
    `R$ ${brl(Math.round(monthly * 100))}`,
    {
      bold: true,
    },
  );
  cell(page, LEFT, 266, 180, 24, 'Data do contrato', brDate(contract.data));
  cell(page, LEFT + 180, 266, 180, 24, 'Data de ativação', activated);
  cell(page, LEFT + 360, 266, RIGHT - LEFT - 360, 24, 'Permanência', `${plan?.fidelidade || '12'} meses`);

  const top = 316;
  page.text(LEFT, H - top + 6, 'Serviços e equipamentos', { size: 9, bold: true });
  cell(page, LEFT, top, 380, 18, 'Descrição');
  cell(page, LEFT + 380, top, 60, 18, 'Qtd.');
  cell(page, LEFT + 440, top, RIGHT - LEFT - 440, 18, 'Valor (R$)');
  items.forEach((item, i) => {
    const y = top + 18 + i * 18;
    const total = Number(item.qtde || 0) * Number(item.valor_unit || 0);
    cell(page, LEFT, y, 380, 18, '', item.descricao ?? '');
    cell(page, LEFT + 380, y, 60, 18, '', item.qtde ?? '');
    cell(page, LEFT + 440, y, RIGHT - LEFT - 440, 18, '', brl(Math.round(total * 100)));
  });
}

function drawContractClauses(page: PdfPage, doc: ContractDocument, now: Date): void {
  const { provider, contract, customer, plan } = doc;
  const H = page.height;
  page.text(LEFT, H - 50, `Contrato nº ${contract.id ?? ''} - cláusulas`, { size: 11, bold: true });
  let y = H - 74;
  contractClauses(provider, plan?.fidelidade || '12').forEach(([title, text], i) => {
    page.text(LEFT, y, `Cláusula ${i + 1}ª - ${title}`, { size: 9, bold: true });
    y -= 12;
    for (const line of wrap(text, 118)) {
      page.text(LEFT, y, line, { size: 8.5 });
      y -= 11;
    }
    y -= 8;
  });
  y -= 20;
  page.text(LEFT, y, `${provider.city}/${provider.uf}, ${brDate(saoPauloNow(now).date)}.`, { size: 9 });
  y -= 50;
  page.line(LEFT, y, LEFT + 230, y);
  page.line(RIGHT - 230, y, RIGHT, y);
  page.text(LEFT, y - 11, provider.legalName, { size: 8 });
  page.text(RIGHT - 230, y - 11, customer?.razao ?? '', { size: 8 });
  page.text(LEFT, y - 21, 'CONTRATADA', { size: 7 });
  page.text(RIGHT - 230, y - 21, 'ASSINANTE', { size: 7 });
  page.text(LEFT, 40, 'Documento de demonstração gerado pelo simulador IXC do Central: sem valor jurídico.', {
    size: 7.5,
  });
}

/** Two A4 pages: the parties, address, plan and items; then the clauses and the signatures. */
export function contractPdf(doc: ContractDocument, now: Date): Promise<Buffer> {
  return pdfDocument({ title: `Contrato ${doc.contract.id ?? ''}`, now }, [
    (page) => drawContractParties(page, doc, now),
    (page) => drawContractClauses(page, doc, now),
  ]);
}
