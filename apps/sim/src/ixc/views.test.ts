import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IXC_TOKEN, IXC_DEMO, OUTRO_IXC_TOKEN } from '../index.ts';
import { IxcClient, type RunningSim, startSim } from './test-support.ts';

const NOW = new Date('2026-03-05T15:00:00Z');
const VIEW = 'view_vd_contratos_produtos_gen';

let sim: RunningSim;
let ixc: IxcClient;

beforeAll(async () => {
  sim = await startSim({ now: () => NOW });
  ixc = new IxcClient(sim.url, 'demo', DEMO_IXC_TOKEN);
});

afterAll(async () => {
  await sim.close();
});

const byContract = (contract: string, extra: Record<string, string> = {}) => ({
  qtype: `${VIEW}.cliente_contrato_id`,
  query: contract,
  oper: '=',
  sortname: `${VIEW}.id`,
  sortorder: 'asc',
  ...extra,
});

describe('view_* grids', () => {
  it("answers a contract's products as rows of cells, as IXC's collection shows it", async () => {
    const answer = await ixc.list(VIEW, byContract(IXC_DEMO.contracts.mariaActive));
    expect(answer.status).toBe(200);
    expect(answer.contentType).toContain('text/x-json');
    expect(answer.json).toEqual({
      page: '1',
      total: '5',
      rows: [
        {
          id: '203',
          cell: [
            '203',
            'FIBRA 500 MEGA (SCM)',
            '500_MEGA_FIBRA',
            '',
            '1',
            '79,90',
            '79,90',
            '',
            '',
            '79,90',
            '79,90',
            'Plano',
            '101',
            '',
            '0',
          ],
        },
        {
          id: '204',
          cell: [
            '204',
            'FIBRA 500 MEGA (SVA)',
            '500_MEGA_FIBRA',
            '',
            '1',
            '20,00',
            '20,00',
            '',
            '',
            '20,00',
            '20,00',
            'Plano',
            '101',
            '',
            '0',
          ],
        },
        {
          id: '211',
          cell: [
            '211',
            'Roteador Wi-Fi 6 em comodato',
            '500_MEGA_FIBRA',
            '',
            '1',
            '0,00',
            '0,00',
            '',
            '',
            '0,00',
            '0,00',
            'Contrato',
            '101',
            '',
            '101',
          ],
        },
        {
          id: '219',
          cell: [
            '219',
            'Watch Brasil Premium (incluso no plano)',
            '500_MEGA_FIBRA',
            '',
            '1',
            '0,00',
            '0,00',
            '',
            '',
            '0,00',
            '0,00',
            'Contrato',
            '101',
            '',
            '101',
          ],
        },
        {
          id: '220',
          cell: [
            '220',
            'Olé TV (incluso no plano)',
            '500_MEGA_FIBRA',
            '',
            '1',
            '0,00',
            '0,00',
            '',
            '',
            '0,00',
            '0,00',
            'Contrato',
            '101',
            '',
            '101',
          ],
        },
      ],
      tot: ['99,90', false, false, '99,90'],
    });
  });

  it('shows the price until the due date where a plan has one, and pages and sorts like a table', async () => {
    const business = await ixc.list(VIEW, byContract(IXC_DEMO.contracts.padariaBlocked));
    const cells = (business.json.rows as { cell: string[] }[]).map((r) => [r.cell[1], r.cell[6], r.cell[9]]);
    expect(cells).toEqual([
      ['FIBRA EMPRESARIAL 600 MEGA (SCM)', '119,90', '109,90'],
      ['FIBRA EMPRESARIAL 600 MEGA (SVA)', '30,00', '30,00'],
    ]);

    const page = await ixc.list(
      VIEW,
      byContract(IXC_DEMO.contracts.mariaActive, { sortorder: 'desc', rp: '2', page: '2' }),
    );
    expect(page.json.total).toBe('5');
    expect((page.json.rows as { id: string }[]).map((r) => r.id)).toEqual(['211', '204']);
    // the totals line covers every row found, not only the page
    expect(page.json.tot).toEqual(['99,90', false, false, '99,90']);

    const grid = await ixc.list(VIEW, {
      grid_param: JSON.stringify([
        { TB: `${VIEW}.cliente_contrato_id`, OP: '=', P: IXC_DEMO.contracts.mariaActive },
        { TB: `${VIEW}.tipo_produtos_plano`, OP: '=', P: 'Contrato' },
      ]),
    });
    expect((grid.json.rows as { id: string }[]).map((r) => r.id)).toEqual(['211', '219', '220']);
  });

  it('answers page and total only for no row, and errors like a table', async () => {
    const none = await ixc.list(VIEW, byContract('999'));
    expect(none.text).toBe('{"page":"1","total":"0"}');
    const outro = new IxcClient(sim.url, 'outro', OUTRO_IXC_TOKEN);
    expect((await outro.list(VIEW, byContract(IXC_DEMO.contracts.mariaActive))).json.total).toBe('0');
    expect((await outro.list(VIEW, byContract('301'))).json.total).toBe('2');

    const badColumn = await ixc.list(VIEW, { qtype: `${VIEW}.nada`, query: '1', oper: '=' });
    expect(badColumn.json.type).toBe('error');
    const insert = await ixc.insert(VIEW, { descricao: 'x' });
    expect(insert.json).toEqual({ type: 'error', message: `Recurso ${VIEW} não está disponível!` });
  });

  it("also lists the items as named records, by the contract's or by the plan's id", async () => {
    const ofContract = await ixc.rows('vd_contratos_produtos', {
      qtype: 'vd_contratos_produtos.id_contrato',
      query: IXC_DEMO.contracts.mariaActive,
      oper: '=',
    });
    expect(ofContract.registros.map((r) => [r.id, r.descricao, r.valor_unit])).toEqual([
      ['211', 'Roteador Wi-Fi 6 em comodato', '0.000000000'],
      ['219', 'Watch Brasil Premium (incluso no plano)', '0.000000000'],
      ['220', 'Olé TV (incluso no plano)', '0.000000000'],
    ]);
    const ofPlan = await ixc.rows('vd_contratos_produtos', {
      qtype: 'vd_contratos_produtos.id_vd_contrato',
      query: '11',
      oper: '=',
    });
    expect(ofPlan.registros.map((r) => [r.id, r.tipo, r.valor_unit, r.id_contrato])).toEqual([
      ['203', 'I', '79.900000000', '0'],
      ['204', 'SVA', '20.000000000', '0'],
    ]);
  });
});
