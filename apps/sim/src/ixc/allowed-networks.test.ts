import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IXC_DEMO } from '../index.ts';
import { adminCall, cloneInstance, type IxcClient, type RunningSim, startSim } from './test-support.ts';

let sim: RunningSim;
let ixc: IxcClient;

beforeAll(async () => {
  sim = await startSim();
  ixc = await cloneInstance(sim.url);
});

afterAll(async () => {
  await sim.close();
});

const NOT_ALLOWED = { type: 'error', message: 'Seu IP não está liberado para efetuar login!' };

const allow = (cidrs: unknown, instance = ixc.instance) =>
  adminCall<{ ok?: boolean; cidrs?: string[] | null; error?: string }>(
    sim.url,
    'PUT',
    `/__sim/ixc/${instance}/allowed-networks`,
    { cidrs },
  );

describe("the token user's allowed networks", () => {
  it('answers every address by default', async () => {
    expect((await adminCall(sim.url, 'GET', `/__sim/ixc/${ixc.instance}/allowed-networks`)).json).toEqual({
      cidrs: null,
    });
    expect((await ixc.list('cliente', {})).json.total).toBe('7');
  });

  it("refuses a caller outside them with IXC's error, HTTP 200, whatever the call", async () => {
    expect((await allow(['10.0.0.0/8', '192.168.0.0/16'])).json).toEqual({
      ok: true,
      cidrs: ['10.0.0.0/8', '192.168.0.0/16'],
    });
    const listing = await ixc.list('cliente', {});
    expect(listing.status).toBe(200);
    expect(listing.contentType).toContain('text/html');
    expect(listing.json).toEqual(NOT_ALLOWED);
    expect((await ixc.insert('su_oss_assunto', { assunto: 'Novo' })).json).toEqual(NOT_ALLOWED);
    const pix = await ixc.call('POST', 'get_pix', { body: { id_areceber: IXC_DEMO.invoices.maria.dueIn7 } });
    expect(pix.json).toEqual(NOT_ALLOWED);
    // the token is checked first
    expect((await ixc.list('cliente', {}, 'not:the-token')).status).toBe(401);
    // nothing was written
    expect((await allow(null)).json).toEqual({ ok: true, cidrs: null });
    expect((await ixc.rows('su_oss_assunto')).registros.map((r) => r.assunto)).not.toContain('Novo');
  });

  it('lets in an address of the networks, a single host, and IPv4 whatever the socket family', async () => {
    for (const cidrs of [['127.0.0.0/8'], ['10.0.0.0/8', '127.0.0.1'], ['::ffff:0:0/96', '127.0.0.1/32']]) {
      await allow(cidrs);
      expect((await ixc.list('cliente', {})).json.total, JSON.stringify(cidrs)).toBe('7');
    }
    await allow(['127.0.0.1']);
    expect((await adminCall(sim.url, 'GET', `/__sim/ixc/${ixc.instance}/allowed-networks`)).json).toEqual({
      cidrs: ['127.0.0.1/32'],
    });
    await allow(['::1/128', '127.0.0.2/32']);
    expect((await ixc.list('cliente', {})).json).toEqual(NOT_ALLOWED);
    await allow(null);
  });

  it('belongs to one instance and is dropped by its reset', async () => {
    const other = await cloneInstance(sim.url);
    await allow(['10.0.0.0/8'], other.instance);
    expect((await other.list('cliente', {})).json).toEqual(NOT_ALLOWED);
    expect((await ixc.list('cliente', {})).json.total).toBe('7');
    await adminCall(sim.url, 'POST', `/__sim/ixc/${other.instance}/reset`);
    expect((await other.list('cliente', {})).json.total).toBe('7');
  });

  it('refuses settings that are not CIDRs', async () => {
    for (const cidrs of ['10.0.0.0/8', ['10.0.0.0/33'], ['nope'], [''], [42], undefined]) {
      expect((await allow(cidrs)).status, JSON.stringify(cidrs)).toBe(400);
    }
    expect((await allow(null, 'ghost')).status).toBe(404);
    expect((await ixc.list('cliente', {})).json.total).toBe('7');
  });
});
