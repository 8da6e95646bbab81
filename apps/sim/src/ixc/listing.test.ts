import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IXC_TOKEN, OUTRO_IXC_TOKEN } from '../index.ts';
import { IxcClient, type RunningSim, startSim } from './test-support.ts';

// 2026-03-05 12:00 in São Paulo
const NOW = new Date('2026-03-05T15:00:00Z');

let sim: RunningSim;
let ixc: IxcClient;

beforeAll(async () => {
  sim = await startSim({ now: () => NOW });
  ixc = new IxcClient(sim.url, 'demo', DEMO_IXC_TOKEN);
});

afterAll(async () => {
  await sim.close();
});

const ids = (rows: Record<string, string>[] | undefined) => (rows ?? []).map((r) => r.id);

describe('IXC listing protocol', () => {
  it('answers the IXC listing shape with every value a string', async () => {
    const answer = await ixc.list('fn_areceber', {
      qtype: 'fn_areceber.id_cliente',
      query: '1',
      oper: '=',
      page: '1',
      rp: '5',
      sortname: 'fn_areceber.id',
      sortorder: 'asc',
    });
    expect(answer.status).toBe(200);
    expect(answer.json.page).toBe('1');
    // 17 released titles and 3 not released (listed all the same)
    expect(answer.json.total).toBe('23');
    expect(answer.json.registros).toHaveLength(5);
    for (const row of answer.json.registros ?? []) {
      for (const value of Object.values(row)) expect(typeof value).toBe('string');
    }
    for (const table of [
      'cliente',
      'cliente_contrato',
      'vd_saida',
      'su_ticket',
      'su_oss_chamado',
      'su_mensagens',
    ]) {
      const rows = await ixc.rows(table);
      expect(Number(rows.total)).toBeGreaterThan(0);
      for (const row of rows.registros) {
        for (const value of Object.values(row)) expect(typeof value).toBe('string');
      }
    }
  });

  it('pages with page and rp, 20 rows by default', async () => {
    const page1 = await ixc.list('fn_areceber', {
      qtype: 'fn_areceber.id',
      query: '0',
      oper: '>',
      rp: '10',
      page: '1',
    });
    const page2 = await ixc.list('fn_areceber', {
      qtype: 'fn_areceber.id',
      query: '0',
      oper: '>',
      rp: '10',
      page: '2',
    });
    const page4 = await ixc.list('fn_areceber', {
      qtype: 'fn_areceber.id',
      query: '0',
      oper: '>',
      rp: '10',
      page: '4',
    });
    expect(page1.json.total).toBe('36');
    expect(page2.json.page).toBe('2');
    expect(ids(page1.json.registros)).toEqual([
      '1001',
      '1002',
      '1003',
      '1004',
      '1005',
      '1006',
      '1007',
      '1008',
      '1009',
      '1010',
    ]);
    expect(ids(page2.json.registros)[0]).toBe('1011');
    expect(ids(page4.json.registros)).toEqual(['1031', '1032', '1033', '1034', '1035', '1036']);

    const byDefault = await ixc.list('fn_areceber', { qtype: 'fn_areceber.id', query: '0', oper: '>' });
    expect(byDefault.json.registros).toHaveLength(20);
    expect(byDefault.json.page).toBe('1');
  });

  it('answers page and total only when nothing matches, without registros', async () => {
    const answer = await ixc.list('cliente', {
      qtype: 'cliente.cnpj_cpf',
      query: '000.000.000-00',
      oper: '=',
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"page":"1","total":"0"}');
    // a page past the end of a non-empty result still has its (empty) registros
    const past = await ixc.list('cliente', { qtype: 'cliente.id', query: '1', oper: '=', page: '2' });
    expect(past.json).toEqual({ page: '2', total: '1', registros: [] });
  });

  it('lists everything when query is empty, as IXC does (its guide lists active customers so)', async () => {
    const active = await ixc.rows('cliente', {
      qtype: 'cliente.id',
      query: '',
      oper: '=',
      grid_param: JSON.stringify([{ TB: 'cliente.ativo', OP: '=', P: 'S' }]),
    });
    expect(ids(active.registros)).toEqual(['1', '2', '3', '5', '6', '7']);
    expect((await ixc.rows('cliente', { qtype: 'cliente.cnpj_cpf', query: '  ', oper: '=' })).total).toBe(
      '7',
    );
  });

  it('supports NL, NI, and BE/NBE with P and P2 in grid_param', async () => {
    const q = async (table: string, filter: Record<string, string>) =>
      ids((await ixc.rows(table, { grid_param: JSON.stringify([filter]) })).registros);
    expect(await q('cliente', { TB: 'cliente.email', OP: 'NL', P: '%@gmail.com' })).toEqual([
      '2',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(await q('cliente', { TB: 'cliente.razao', OP: 'NL', P: 'ltda' })).toEqual([
      '1',
      '3',
      '4',
      '5',
      '7',
    ]);
    expect(await q('cliente', { TB: 'cliente.id', OP: 'NI', P: '1,2, 3' })).toEqual(['4', '5', '6', '7']);
    expect(await q('fn_areceber', { TB: 'fn_areceber.id', OP: 'BE', P: '1005', P2: '1007' })).toEqual([
      '1005',
      '1006',
      '1007',
    ]);
    expect(await q('cliente', { TB: 'cliente.id', OP: 'NBE', P: '2', P2: '6' })).toEqual(['1', '7']);
    // the main filter takes the new operators too
    const main = await ixc.rows('cliente', { qtype: 'cliente.id', query: '1,2,3', oper: 'NI' });
    expect(ids(main.registros)).toEqual(['4', '5', '6', '7']);
  });

  it('reads DD/MM/AAAA dates in filters, as IXC guide examples send them', async () => {
    const window = await ixc.rows('fn_areceber', {
      qtype: 'fn_areceber.id_cliente',
      query: '1',
      oper: '=',
      grid_param: JSON.stringify([
        { TB: 'fn_areceber.liberado', OP: '=', P: 'S' },
        { TB: 'fn_areceber.data_vencimento', OP: 'BE', P: '05/03/2026', P2: '12/03/2026' },
      ]),
    });
    expect(ids(window.registros)).toEqual(['1018', '1019']);
    const dueToday = await ixc.rows('fn_areceber', {
      qtype: 'fn_areceber.data_vencimento',
      query: '05/03/2026',
      oper: '=',
    });
    expect(ids(dueToday.registros)).toEqual(['1018']);
  });

  it('refuses a range without its upper bound', async () => {
    for (const body of [
      { grid_param: JSON.stringify([{ TB: 'cliente.id', OP: 'BE', P: '1' }]) },
      { grid_param: JSON.stringify([{ TB: 'cliente.id', OP: 'NBE', P: '1', P2: '' }]) },
      // IXC's guide gives the main filter no second value
      { qtype: 'cliente.id', query: '1', oper: 'BE' },
    ]) {
      const answer = await ixc.list('cliente', body);
      expect(answer.status).toBe(200);
      expect(answer.json.type, JSON.stringify(body)).toBe('error');
    }
  });

  it('finds columns whatever their case, as MySQL does (vd_contratos.Ativo)', async () => {
    for (const qtype of ['vd_contratos.Ativo', 'vd_contratos.ativo', 'ATIVO']) {
      const active = await ixc.rows('vd_contratos', { qtype, query: 'S', oper: '=' });
      expect(ids(active.registros), qtype).toEqual(['11', '12', '13', '14']);
      expect(Object.keys(active.registros[0] ?? {})).toContain('Ativo');
    }
  });

  it('supports every operator', async () => {
    const q = async (oper: string, query: string, qtype = 'fn_areceber.id') =>
      ids((await ixc.rows('fn_areceber', { qtype, query, oper })).registros);
    expect(await q('=', '1017')).toEqual(['1017']);
    expect(await q('!=', '1001')).not.toContain('1001');
    expect(await q('!=', '1001')).toHaveLength(35);
    expect(await q('>', '1032')).toEqual(['1033', '1034', '1035', '1036']);
    expect(await q('>=', '1035')).toEqual(['1035', '1036']);
    expect(await q('<', '1002')).toEqual(['1001']);
    expect(await q('<=', '1002')).toEqual(['1001', '1002']);
    // numbers compare as numbers, not as text
    expect(await q('<', '999')).toEqual([]);
    expect(await q('=', '01017')).toEqual(['1017']);
    // dates compare as strings
    expect(await q('=', '2026-03-05', 'fn_areceber.data_vencimento')).toEqual(['1018']);
    expect(await q('>', '2026-03-20', 'fn_areceber.data_vencimento')).toEqual(['1020']);
  });

  it('treats L as a case- and accent-insensitive contains', async () => {
    const byName = await ixc.rows('cliente', { qtype: 'cliente.razao', query: 'pao quente', oper: 'L' });
    expect(ids(byName.registros)).toEqual(['2']);
    const upper = await ixc.rows('cliente', { qtype: 'razao', query: 'MARIA', oper: 'L' });
    expect(ids(upper.registros)).toEqual(['1']);
    const wildcard = await ixc.rows('cliente', { qtype: 'cliente.email', query: '%@gmail.com', oper: 'L' });
    expect(ids(wildcard.registros)).toEqual(['1', '3']);
  });

  it('ANDs grid_param filters (a JSON string) with the main filter', async () => {
    // the released ones only, as IXC's own examples ask
    const gridParam = JSON.stringify([
      { TB: 'fn_areceber.liberado', OP: '=', P: 'S' },
      { TB: 'fn_areceber.status', OP: '!=', P: 'C' },
      { TB: 'fn_areceber.status', OP: 'IN', P: 'A,P' },
      { TB: 'fn_areceber.id_contrato', OP: '=', P: '101' },
    ]);
    const rows = await ixc.rows('fn_areceber', {
      qtype: 'fn_areceber.id_cliente',
      query: '1',
      oper: '=',
      grid_param: gridParam,
    });
    expect(ids(rows.registros)).toEqual(['1016', '1018', '1020']);
    expect(rows.total).toBe('3');

    const dateWindow = await ixc.rows('fn_areceber', {
      qtype: 'fn_areceber.id_cliente',
      query: '1',
      oper: '=',
      grid_param: JSON.stringify([
        { TB: 'fn_areceber.status', OP: '=', P: 'A' },
        { TB: 'fn_areceber.data_vencimento', OP: '<=', P: '2026-03-20' },
      ]),
    });
    // not released titles are listed unless filtered out
    expect(ids(dateWindow.registros)).toEqual(['1017', '1018', '1019', '1033', '1034']);
  });

  it('sorts by sortname and sortorder', async () => {
    const desc = await ixc.rows('fn_areceber', {
      qtype: 'fn_areceber.id_cliente',
      query: '1',
      oper: '=',
      sortname: 'fn_areceber.data_vencimento',
      sortorder: 'desc',
    });
    const dates = desc.registros.map((r) => r.data_vencimento ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    expect(desc.registros[0]?.id).toBe('1020');

    const byValue = await ixc.rows('fn_areceber', { sortname: 'fn_areceber.valor', sortorder: 'asc' });
    const values = byValue.registros.map((r) => Number(r.valor));
    expect(values).toEqual([...values].sort((a, b) => a - b));

    const idsDesc = await ixc.rows('cliente', { sortname: 'cliente.id', sortorder: 'desc' });
    expect(ids(idsDesc.registros)).toEqual(['7', '6', '5', '4', '3', '2', '1']);
  });

  it('accepts numbers where IXC clients usually send strings', async () => {
    const answer = await ixc.list('cliente', { qtype: 'cliente.id', query: 3, oper: '=', page: 1, rp: 10 });
    expect(ids(answer.json.registros)).toEqual(['3']);
    expect(answer.json.total).toBe('1');
  });

  it('answers errors as HTTP 200 with type error', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['tabela_que_nao_existe', { qtype: 'id', query: '1', oper: '=' }],
      ['cliente', { qtype: 'cliente.nao_existe', query: '1', oper: '=' }],
      ['cliente', { qtype: 'fn_areceber.id', query: '1', oper: '=' }],
      ['cliente', { qtype: 'cliente.id', query: '1', oper: 'LIKE' }],
      ['cliente', { qtype: 'cliente.id', query: '1', oper: '=', sortname: 'cliente.nada' }],
      ['cliente', { qtype: 'cliente.id', query: '1', oper: '=', sortorder: 'up' }],
      [
        'cliente',
        {
          qtype: 'cliente.id',
          query: '1',
          oper: '=',
          grid_param: '[{"TB":"cliente.nada","OP":"=","P":"1"}]',
        },
      ],
      ['cliente', { qtype: 'cliente.id', query: '1', oper: '=', grid_param: 'not json' }],
      ['cliente', { qtype: 'cliente.id', query: '1', oper: '=', grid_param: '{"TB":"cliente.id"}' }],
      ['cliente', { qtype: 'cliente.id', query: { nested: true }, oper: '=' }],
    ];
    for (const [table, body] of cases) {
      const answer = await ixc.list(table, body);
      expect(answer.status, JSON.stringify(body)).toBe(200);
      expect(answer.json.type, JSON.stringify(body)).toBe('error');
      expect(typeof answer.json.message).toBe('string');
    }
    const unknownTable = await ixc.list('tabela_que_nao_existe', {});
    expect(unknownTable.json.message).toBe('Recurso tabela_que_nao_existe não está disponível!');
  });

  it('answers a malformed body with the IXC error shape, never a 4xx/5xx', async () => {
    for (const body of ['{broken', '[1,2]', '"text"']) {
      const answer = await ixc.call('POST', 'cliente', { body, headers: { ixcsoft: 'listar' } });
      expect(answer.status).toBe(200);
      expect(answer.json.type).toBe('error');
    }
    const noContentType = await ixc.call('POST', 'cliente', {
      body: '{"qtype":"cliente.id","query":"2","oper":"="}',
      headers: { ixcsoft: 'listar', 'content-type': 'text/plain' },
    });
    expect(ids(noContentType.json.registros)).toEqual(['2']);
  });

  it('marks success as text/x-json and errors as text/html, as IXC does', async () => {
    expect((await ixc.list('cliente', {})).contentType).toContain('text/x-json');
    expect((await ixc.list('nada', {})).contentType).toContain('text/html');
  });

  it('answers 401 to a missing or wrong token, and to another instance token', async () => {
    for (const token of [null, '1:wrong', OUTRO_IXC_TOKEN, DEMO_IXC_TOKEN.split(':')[1] ?? '']) {
      const answer = await ixc.list('cliente', {}, token);
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ type: 'error', message: 'Token inválido' });
    }
    const outro = new IxcClient(sim.url, 'outro', OUTRO_IXC_TOKEN);
    expect((await outro.list('cliente', {})).status).toBe(200);
  });

  it('answers 404 for an unknown instance', async () => {
    const ghost = new IxcClient(sim.url, 'ghost', DEMO_IXC_TOKEN);
    const answer = await ghost.list('cliente', {});
    expect(answer.status).toBe(404);
    expect(answer.json.type).toBe('error');
  });

  it('lists with GET and a JSON body, as the IXC manual shows', async () => {
    const port = new URL(sim.url).port;
    const payload = JSON.stringify({ qtype: 'cliente.id', query: '4', oper: '=' });
    const text = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'GET',
          path: '/ixc/demo/webservice/v1/cliente',
          headers: {
            ixcsoft: 'listar',
            authorization: `Basic ${Buffer.from(DEMO_IXC_TOKEN).toString('base64')}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          let data = '';
          res.on('data', (chunk) => {
            data += chunk;
          });
          res.on('end', () => resolve(data));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
    expect(JSON.parse(text).registros.map((r: { id: string }) => r.id)).toEqual(['4']);
  });
});
