import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IXC_TOKEN, IXC_DEMO, IXC_OUTRO, OUTRO_IXC_TOKEN } from '../index.ts';
import { IxcClient, type RunningSim, readPdf, startSim } from './test-support.ts';

const NOW = new Date('2026-03-05T15:00:00Z');
const VIEW = 'view_vd_contratos_produtos_gen';
const PRINT = `cliente_contrato_imprimir_contrato_${IXC_DEMO.contractPrintId}`;

let sim: RunningSim;
let demo: IxcClient;
let outro: IxcClient;

beforeAll(async () => {
  sim = await startSim({ now: () => NOW });
  demo = new IxcClient(sim.url, 'demo', DEMO_IXC_TOKEN);
  outro = new IxcClient(sim.url, 'outro', OUTRO_IXC_TOKEN);
});

afterAll(async () => {
  await sim.close();
});

const brDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

async function contract(ixc: IxcClient, id: string): Promise<Record<string, string>> {
  const [row] = (await ixc.rows('cliente_contrato', { qtype: 'cliente_contrato.id', query: id, oper: '=' }))
    .registros;
  if (!row) throw new Error(`contract ${id} not found`);
  return row;
}

async function printedTexts(ixc: IxcClient, resource: string, id: string): Promise<string[]> {
  const answer = await ixc.call('POST', resource, { body: { id } });
  expect(answer.status).toBe(200);
  expect(answer.text).toMatch(/^[A-Za-z0-9+/]+=*$/);
  const pdf = Buffer.from(answer.text, 'base64');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pages = await readPdf(pdf);
  expect(pages.map((p) => [Math.round(p.width), Math.round(p.height)])).toEqual([
    [595, 842],
    [595, 842],
  ]);
  return pages.flatMap((p) => p.texts);
}

describe('contract printout (cliente_contrato_imprimir_contrato_{model})', () => {
  it('answers the contract as bare base64 PDF text: provider, subscriber, plan, address, dates, clauses', async () => {
    const row = await contract(demo, IXC_DEMO.contracts.mariaActive);
    const texts = await printedTexts(demo, PRINT, IXC_DEMO.contracts.mariaActive);
    for (const expected of [
      'Central Fibra Demo',
      'Contrato nº 101',
      'Maria Aparecida Souza',
      '529.982.247-25',
      'FIBRA 500 MEGA',
      'R$ 99,90',
      // `endereco_padrao_cliente` 'S': the customer's own address
      'Rua Felipe Schmidt, 315 - Apto 302 - Centro',
      'Florianópolis/SC - CEP 88015-200',
      brDate(row.data_ativacao ?? ''),
      'Roteador Wi-Fi 6 em comodato',
      'Cláusula 1ª - Objeto',
      'Emitido em 05/03/2026',
    ])
      expect(texts, expected).toContain(expected);
  });

  it("prints the contract's own address, and a contract not activated yet", async () => {
    const beach = await printedTexts(demo, PRINT, IXC_DEMO.contracts.mariaFinancialPending);
    expect(beach).toContain('Rua das Gaivotas, 1200 - Casa de praia - Ingleses');
    expect(beach).toContain('FIBRA 300 MEGA');

    const waiting = await printedTexts(demo, PRINT, IXC_DEMO.contracts.rafaelAwaitingSignature);
    expect(waiting).toContain('Aguardando ativação');
    expect(waiting).toContain('Rafael Henrique Oliveira');

    const outroTexts = await printedTexts(
      outro,
      `cliente_contrato_imprimir_contrato_${IXC_OUTRO.contractPrintId}`,
      IXC_OUTRO.contracts.fernanda,
    );
    expect(outroTexts).toContain('Outro Net Telecom');
    expect(outroTexts).toContain('Fernanda Lopes Martins');
  });

  it('answers the same with a GET and the `ixcsoft: listar` header, as some public clients call it', async () => {
    const post = await demo.call('POST', PRINT, { body: { id: '101' } });
    const get = await demo.getWithBody(PRINT, { id: '101' }, { ixcsoft: 'listar' });
    expect(get).toBe(post.text);
  });

  it("answers another model's id, or none, as an unknown resource", async () => {
    for (const [ixc, resource] of [
      [demo, 'cliente_contrato_imprimir_contrato_17678'],
      [demo, `cliente_contrato_imprimir_contrato_${IXC_OUTRO.contractPrintId}`],
      [outro, PRINT],
      [demo, 'cliente_contrato_imprimir_contrato'],
    ] as const) {
      const answer = await ixc.call('POST', resource, { body: { id: '101' } });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ type: 'error', message: `Recurso ${resource} não está disponível!` });
    }
  });

  it('answers an unknown or missing contract id with an error, HTTP 200', async () => {
    const unknown = await demo.call('POST', PRINT, { body: { id: '999' } });
    expect(unknown.status).toBe(200);
    expect(unknown.contentType).toContain('text/html');
    expect(unknown.json).toEqual({ type: 'error', message: 'Contrato 999 não encontrado!' });
    // another installation's contract is unknown here
    expect((await demo.call('POST', PRINT, { body: { id: IXC_OUTRO.contracts.fernanda } })).json.type).toBe(
      'error',
    );
    expect((await demo.call('POST', PRINT, { body: {} })).json).toEqual({
      type: 'error',
      message: 'ID do contrato não informado!',
    });
    expect((await demo.call('PUT', `${PRINT}/101`, { body: { id: '101' } })).json.type).toBe('error');
  });
});

describe('services of a contract (view_vd_contratos_produtos_gen)', () => {
  const byContract = (id: string) => ({
    qtype: `${VIEW}.cliente_contrato_id`,
    query: id,
    oper: '=',
    rp: '100',
    sortname: `${VIEW}.id`,
    sortorder: 'asc',
  });

  it('lists every seeded contract its plan items plus its own, the contract id at cell 12', async () => {
    for (const [ixc, ids] of [
      [demo, Object.values(IXC_DEMO.contracts)],
      [outro, Object.values(IXC_OUTRO.contracts)],
    ] as const) {
      for (const id of ids) {
        const row = await contract(ixc, id);
        const [plan] = (
          await ixc.rows('vd_contratos', { qtype: 'vd_contratos.id', query: row.id_vd_contrato, oper: '=' })
        ).registros;
        const grid = await ixc.list(VIEW, byContract(id));
        const rows = grid.json.rows as { id: string; cell: string[] }[];
        expect(rows.length, id).toBeGreaterThanOrEqual(2);
        for (const { id: itemId, cell } of rows) {
          expect(cell).toHaveLength(15);
          expect(cell[0]).toBe(itemId);
          expect(cell[12]).toBe(id);
          expect(cell[14]).toBe(cell[11] === 'Contrato' ? id : '0');
        }
        // the SCM and SVA items of the plan, whose sum is the plan's price
        const names = rows.map((r) => r.cell[1]);
        expect(names).toContain(`${row.contrato} (SCM)`);
        expect(names).toContain(`${row.contrato} (SVA)`);
        expect((grid.json.tot as string[])[0]).toBe((plan?.valor_contrato ?? '').replace('.', ','));
      }
    }
  });

  it("keeps `id_contrato` for the item's own contract: filtering on it finds only the contract's own items", async () => {
    const byItemContract = await demo.list(VIEW, {
      qtype: `${VIEW}.id_contrato`,
      query: IXC_DEMO.contracts.oficina,
      oper: '=',
    });
    const rows = byItemContract.json.rows as { cell: string[] }[];
    expect(rows.map((r) => [r.cell[1], r.cell[11], r.cell[12]])).toEqual([
      ['Endereço IP fixo (incluso no plano)', 'Contrato', '107'],
      ['Roteador Wi-Fi 6 em comodato', 'Contrato', '107'],
    ]);
    expect((await demo.list(VIEW, byContract(IXC_DEMO.contracts.oficina))).json.total).toBe('4');
  });
});
