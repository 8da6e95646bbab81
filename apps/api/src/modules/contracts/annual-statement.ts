import { type AnnualSettlement, formatCents, formatDateBR } from '@central/domain';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';

/** What the Lei 12.007/2009 statement names: who declares, about whom, which contract and which year. */
export interface AnnualStatementInput {
  provider: {
    /** The legal name (razão social); the alias stands in when the provider has not set it. */
    legalName: string;
    /** Formatted, or null when the provider has not set it. */
    cnpj: string | null;
    address: string | null;
  };
  customer: { name: string; document: string };
  contract: { id: string; planName: string };
  settlement: AnnualSettlement;
  /** YYYY-MM-DD, the provider's day the statement is issued. */
  issuedOn: string;
}

export interface AnnualStatementText {
  title: string;
  subtitle: string;
  paragraphs: string[];
  /** The open titles, when the year is not settled: due date, value, still open. */
  table: { header: [string, string, string]; rows: [string, string, string][] } | null;
  closing: string[];
}

// Lei 12.007/2009, art. 4º: the statement says that it stands for the monthly receipts.
const ART_4 =
  'Esta declaração substitui, para a comprovação do cumprimento das obrigações do consumidor, as quitações dos faturamentos mensais dos débitos do ano a que se refere e dos anos anteriores.';

/** The statement's words, apart from its layout, so that they can be read and tested as text. */
export function annualStatementText(input: AnnualStatementInput): AnnualStatementText {
  const { provider, customer, contract, settlement: s } = input;
  const declarant = [
    provider.legalName,
    provider.cnpj ? `, inscrita no CNPJ sob o nº ${provider.cnpj}` : '',
    provider.address ? `, com sede em ${provider.address}` : '',
  ].join('');
  const plan = contract.planName ? ` (${contract.planName})` : '';
  const subject = `${customer.name}, inscrito(a) no CPF/CNPJ sob o nº ${customer.document}, titular do contrato nº ${contract.id}${plan}`;
  const period = `entre ${formatDateBR(s.from)} e ${formatDateBR(s.to)}`;
  const partial = s.to < `${s.year}-12-31`;

  const paragraphs: string[] = [];
  if (s.settled) {
    paragraphs.push(
      s.titlesDue > 0
        ? `${declarant}, declara, nos termos da Lei nº 12.007/2009, que ${subject}, QUITOU todos os débitos com vencimento ${period}, referentes ao ano de ${s.year}.`
        : `${declarant}, declara, nos termos da Lei nº 12.007/2009, que ${subject}, não possui débitos com vencimento ${period}, referentes ao ano de ${s.year}.`,
    );
    if (partial)
      paragraphs.push(
        `O ano de ${s.year} ainda não terminou: esta declaração abrange apenas os débitos vencidos até ${formatDateBR(s.to)}.`,
      );
    paragraphs.push(ART_4);
  } else {
    const count = s.openTitles.length;
    paragraphs.push(
      `${declarant}, declara, nos termos da Lei nº 12.007/2009, que ${subject}, NÃO QUITOU todos os débitos com vencimento ${period}: ${count === 1 ? 'a fatura abaixo está em aberto' : `as ${count} faturas abaixo estão em aberto`}. O ano de ${s.year} não está quitado.`,
    );
    paragraphs.push(
      'Esta declaração não serve como quitação anual de débitos. Após o pagamento, emita uma nova declaração pelo portal do assinante.',
    );
  }

  return {
    title: 'DECLARAÇÃO ANUAL DE QUITAÇÃO DE DÉBITOS',
    subtitle: `Lei nº 12.007, de 29 de julho de 2009 — ano de ${s.year}`,
    paragraphs,
    table: s.settled
      ? null
      : {
          header: ['Vencimento', 'Valor', 'Em aberto'],
          rows: s.openTitles.map((t) => [
            formatDateBR(t.dueDate),
            formatCents(t.valueCents),
            formatCents(t.openCents),
          ]),
        },
    closing: [`Emitida em ${formatDateBR(input.issuedOn)}.`, provider.legalName],
  };
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 };

/** Text the standard font can draw: what WinAnsi lacks becomes '?', never an exception. */
function drawable(font: PDFFont, text: string): string {
  return [...text]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
}

function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The statement as a PDF (A4, standard fonts), base64. */
export async function annualStatementPdf(input: AnnualStatementInput): Promise<string> {
  const text = annualStatementText(input);
  const doc = await PDFDocument.create();
  doc.setTitle(
    `Declaração anual de quitação de débitos ${input.settlement.year} - contrato ${input.contract.id}`,
  );
  doc.setAuthor(input.provider.legalName);
  doc.setLanguage('pt-BR');
  doc.setCreationDate(new Date(`${input.issuedOn}T12:00:00Z`));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;

  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const line = (value: string, o: { font?: PDFFont; size?: number; x?: number; gap?: number } = {}) => {
    const size = o.size ?? 11;
    if (y - size < PAGE.margin) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
    const font = o.font ?? regular;
    page.drawText(drawable(font, value), { x: PAGE.margin + (o.x ?? 0), y: y - size, size, font });
    y -= size + (o.gap ?? 5);
  };
  const paragraph = (value: string, font = regular, size = 11) => {
    for (const l of wrap(font, size, drawable(font, value), width)) line(l, { font, size });
    y -= 8;
  };

  paragraph(text.title, bold, 15);
  paragraph(text.subtitle, regular, 10);
  y -= 10;
  for (const p of text.paragraphs) paragraph(p);
  if (text.table) {
    const columns = [0, 140, 280];
    const row = (cells: string[], font: PDFFont) => {
      if (y - 11 < PAGE.margin) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      cells.forEach((cell, i) => {
        page.drawText(drawable(font, cell), {
          x: PAGE.margin + (columns[i] ?? 0),
          y: y - 11,
          size: 11,
          font,
        });
      });
      y -= 16;
    };
    row(text.table.header, bold);
    for (const r of text.table.rows) row(r, regular);
    y -= 8;
  }
  y -= 16;
  for (const c of text.closing) line(c);
  return doc.saveAsBase64();
}
