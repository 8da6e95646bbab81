import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptSecret, loadKeys } from '../platform/secrets.ts';
import { createTenantResolver } from '../platform/tenancy.ts';
import type { Db } from './client.ts';
import * as schema from './schema.ts';

const folder = path.resolve(import.meta.dirname, '../../drizzle');

async function apply(client: PGlite, file: string) {
  const text = await readFile(path.join(folder, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await client.exec(statement);
  }
}

let client: PGlite;
let keys: Awaited<ReturnType<typeof loadKeys>>;
beforeAll(async () => {
  client = await PGlite.create();
  keys = await loadKeys('migration-test-secret-key-long-enough-0123456789', '/nonexistent');
});
afterAll(() => client.close());

describe('migration 0003: tenant settings split by concern', () => {
  it("moves a provider's wide row into branding and setting groups that the resolver reads back", async () => {
    const files = (await readdir(folder)).filter((f) => f.endsWith('.sql')).sort();
    const split = files.indexOf('0003_tenant_settings.sql');
    expect(split).toBeGreaterThan(0);
    for (const file of files.slice(0, split)) await apply(client, file);

    const seal = (plain: string) => encryptSecret(keys.encryption, plain);
    await client.query(
      `INSERT INTO tenants (client_id, alias, vertical_logo_url, horizontal_logo_url, favicon_url, app_logo_url,
        ixc_domain, ixc_access_token_enc, primary_color, secondary_color, address, whatsapp_number,
        phone_number, contact_email, faq_url, support_type, subjects, department_id, process_id,
        ixc_acs_issuer, ixc_acs_private_key_enc, ixc_acs_url, invoice_window_days,
        cielo_merchant_id, cielo_merchant_key_enc, cielo_api_url, cielo_query_url)
       VALUES ('antigo', 'Antigo Net', '/v.svg', '/h.svg', '/f.svg', '/a.svg',
        'erp.antigo.com.br', $1, '#112233', '#445566', 'Rua A, 1', '48999990000',
        '4833330000', 'sac@antigo.com.br', 'https://antigo.com.br/faq', 'customer_service',
        '[{"id":"5","content":"Sem conexão"}]', '3', '9',
        'antigo-issuer', $2, 'https://acs.antigo.com.br', 30,
        'merchant-1', $3, 'https://api.cielo.test', NULL)`,
      [seal('1:erp-token'), seal('-----PRIVATE KEY-----'), seal('merchant-key')],
    );
    await client.query(
      `INSERT INTO tenants (client_id, alias, vertical_logo_url, ixc_domain, ixc_access_token_enc, primary_color)
       VALUES ('simples', 'Simples', '/s.svg', 'erp.simples.com.br', $1, '#000000')`,
      [seal('2:other-token')],
    );
    for (const file of files.slice(split)) await apply(client, file);

    const columns = await client.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'tenants' ORDER BY column_name`,
    );
    expect(columns.rows.map((r) => r.column_name)).toEqual([
      'alias',
      'client_id',
      'created_at',
      'id',
      'invoice_window_days',
      'offline_sign_in_days',
      'suspended_at',
      'updated_at',
    ]);

    const tenants = createTenantResolver({
      db: drizzle(client, { schema }) as unknown as Db,
      encryptionKey: keys.encryption,
      ixcTimeoutMs: 1000,
    });
    const antigo = await tenants.byClientId('antigo');
    expect(antigo?.theme).toEqual({
      client_id: 'antigo',
      alias: 'Antigo Net',
      vertical_logo_url: '/v.svg',
      horizontal_logo_url: '/h.svg',
      app_logo_url: '/a.svg',
      favicon_url: '/f.svg',
      primary_color: '#112233',
      secondary_color: '#445566',
      whatsapp_number: '48999990000',
      phone_number: '4833330000',
      contact_email: 'sac@antigo.com.br',
      faq_url: 'https://antigo.com.br/faq',
      support_type: 'customer_service',
      support_chat: false,
      // The wide row had no contract print model, so the download stays hidden until one is set.
      show_contract_download: false,
      show_annual_statement: true,
      legal_name: null,
      cnpj: null,
      address: 'Rua A, 1',
    });
    expect(antigo?.invoiceWindowDays).toBe(30);
    expect(antigo?.support).toEqual({
      supportType: 'customer_service',
      subjects: [{ id: '5', content: 'Sem conexão' }],
      departmentId: '3',
      processId: '9',
      chat: false,
      messageEventId: null,
    });
    expect(antigo?.cielo).not.toBeNull();
    // Card payment waits for the provider's IXC settlement accounts (issue 9 item 7), which the wide
    // row never had: the old hard-coded '1' booked receipts to whatever account 1 was.
    expect(antigo?.settlement).toBeNull();
    expect(antigo?.featureFlags).toEqual([]);
    expect(antigo?.acs).toEqual({
      url: 'https://acs.antigo.com.br',
      issuer: 'antigo-issuer',
      privateKey: '-----PRIVATE KEY-----',
    });
    expect(antigo?.ixc).toBeTruthy();
    expect(antigo?.cielo).toBeTruthy();

    const simples = await tenants.byClientId('simples');
    expect(simples?.theme.support_type).toBe('os');
    expect(simples?.featureFlags).toEqual([]);
    expect(simples?.cielo).toBeNull();
    expect(simples?.acs).toBeNull();

    const secrets = await client.query<{ kind: string; secret_enc: string | null }>(
      `SELECT s.kind, s.secret_enc FROM tenant_settings s JOIN tenants t ON t.id = s.tenant_id
       WHERE t.client_id = 'antigo' ORDER BY s.kind`,
    );
    expect(secrets.rows.map((r) => r.kind)).toEqual(['acs', 'card', 'erp', 'support']);
    for (const row of secrets.rows) expect(row.secret_enc ?? 'v2:').toMatch(/^v2:/);
  });
});
