// The sale plans of the demo ERPs (`vd_contratos`), their items (`vd_contratos_produtos`) and the RADIUS
// groups the items name. A plan's price is the sum of its items: an SCM item (the connection, fiscal note
// 632) and an SVA item (value-added service, note 900), as the seeded fiscal notes split it.

import type { IxcTableName, IxcValue } from './schema.ts';
import type { SeedName } from './seed.ts';

type Values = Record<string, IxcValue>;

/** The demo's plans by the name seed.ts gives them: `plan` is the `vd_contratos` id. */
export const DEMO_PLANS = {
  f500: { name: 'FIBRA 500 MEGA', price: '99.90', plan: '11' },
  f300: { name: 'FIBRA 300 MEGA', price: '89.90', plan: '12' },
  f200: { name: 'FIBRA 200 MEGA', price: '79.90', plan: '13' },
  business: { name: 'FIBRA EMPRESARIAL 600 MEGA', price: '149.90', plan: '14' },
} as const;

interface PlanSpec {
  id: string;
  name: string;
  active: boolean;
  /** RADIUS group id and name */
  group: [string, string];
  scm: string;
  sva: string;
  /** the SCM item's price when paid until the due date, if the plan has one */
  scmUntilDue?: string;
}

interface CatalogueSpec {
  plans: PlanSpec[];
  /** the first item id */
  firstItem: number;
  /** items of one contract only: contract id, RADIUS group id, type, description, unit price[, product id] */
  contractItems: (
    | [string, string, string, string, string]
    | [string, string, string, string, string, string]
  )[];
  /** the product catalogue (`produtos`): id, description, price, active */
  products: [string, string, string, boolean][];
}

const CATALOGUES: Record<SeedName, CatalogueSpec> = {
  demo: {
    plans: [
      {
        id: '10',
        name: 'FIBRA 100 MEGA',
        active: false,
        group: ['40', '100_MEGA_FIBRA'],
        scm: '54.90',
        sva: '15.00',
      },
      {
        id: '11',
        name: DEMO_PLANS.f500.name,
        active: true,
        group: ['41', '500_MEGA_FIBRA'],
        scm: '79.90',
        sva: '20.00',
      },
      {
        id: '12',
        name: DEMO_PLANS.f300.name,
        active: true,
        group: ['42', '300_MEGA_FIBRA'],
        scm: '69.90',
        sva: '20.00',
      },
      {
        id: '13',
        name: DEMO_PLANS.f200.name,
        active: true,
        group: ['43', '200_MEGA_FIBRA'],
        scm: '59.90',
        sva: '20.00',
      },
      {
        id: '14',
        name: DEMO_PLANS.business.name,
        active: true,
        group: ['44', '600_MEGA_EMPRESARIAL'],
        scm: '119.90',
        sva: '30.00',
        scmUntilDue: '109.90',
      },
    ],
    firstItem: 201,
    // equipment lent to the subscriber and extras included in the price: nothing is added to the monthly value
    contractItems: [
      ['101', '41', 'S', 'Roteador Wi-Fi 6 em comodato', '0.00'],
      ['102', '42', 'S', 'ONU GPON em comodato', '0.00'],
      ['104', '42', 'S', 'Roteador Wi-Fi 5 em comodato', '0.00'],
      ['105', '43', 'S', 'ONU GPON em comodato (a recolher)', '0.00'],
      ['106', '43', 'S', 'ONU GPON em comodato', '0.00'],
      ['107', '44', 'S', 'Endereço IP fixo (incluso no plano)', '0.00'],
      ['107', '44', 'S', 'Roteador Wi-Fi 6 em comodato', '0.00'],
      ['108', '41', 'S', 'Roteador Wi-Fi 6 em comodato', '0.00'],
      // value-added apps bundled with Maria's plan (the portal's apps by product_in_contract)
      ['101', '41', 'S', 'Watch Brasil Premium (incluso no plano)', '0.00', '5'],
      ['101', '41', 'S', 'Olé TV (incluso no plano)', '0.00', '8'],
    ],
    products: [
      ['1', 'ROTEADOR WI-FI 6', '0.00', true],
      ['2', 'ONU GPON', '0.00', true],
      ['5', 'WATCH PREMIUM', '19.90', true],
      ['6', 'ENDEREÇO IP FIXO', '30.00', true],
      ['7', 'TV LEGADA', '9.90', false],
      ['8', 'OLÉ TV', '24.90', true],
      ['9', 'BACKUP EM NUVEM 50 GB', '9.90', true],
    ],
  },
  outro: {
    plans: [
      {
        id: '21',
        name: 'ULTRA 400 MEGA',
        active: true,
        group: ['61', '400_MEGA_FIBRA'],
        scm: '89.90',
        sva: '20.00',
      },
      {
        id: '22',
        name: 'ULTRA 200 MEGA',
        active: true,
        group: ['62', '200_MEGA_FIBRA'],
        scm: '64.90',
        sva: '20.00',
      },
    ],
    firstItem: 401,
    contractItems: [
      ['302', '62', 'S', 'Roteador Wi-Fi 5 em comodato', '0.00'],
      ['302', '62', 'S', 'Playhub Streaming (incluso no plano)', '0.00', '3'],
    ],
    products: [
      ['1', 'ROTEADOR WI-FI 5', '0.00', true],
      ['3', 'PLAYHUB STREAMING', '14.90', true],
    ],
  },
};

/** The rows of `vd_contratos`, `vd_contratos_produtos`, `radgrupos` and `produtos` for one demo ERP. */
export function saleCatalogue(seed: SeedName): [IxcTableName, Values][] {
  const spec = CATALOGUES[seed];
  const rows: [IxcTableName, Values][] = [];
  let itemId = spec.firstItem;
  const item = (values: Values) => {
    rows.push([
      'vd_contratos_produtos',
      { id: String(itemId++), qtde: '1', fixar_ip: '0', repetir: 'V', ...values },
    ]);
  };
  for (const plan of spec.plans) {
    const [groupId, group] = plan.group;
    const price = (Number(plan.scm) + Number(plan.sva)).toFixed(2);
    rows.push(['radgrupos', { id: groupId, grupo: group }]);
    rows.push([
      'vd_contratos',
      {
        id: plan.id,
        tipo: 'I',
        nome: plan.name,
        descricao: `Internet fibra óptica ${group.split('_')[0]} Mbps`,
        valor_contrato: price,
        Ativo: plan.active ? 'S' : 'N',
        fidelidade: '12',
      },
    ]);
    const ofPlan = { id_vd_contrato: plan.id, id_contrato: '0', id_plano: groupId };
    item({
      ...ofPlan,
      tipo: 'I',
      descricao: `${plan.name} (SCM)`,
      valor_unit: plan.scm,
      valor_ate_vencimento: plan.scmUntilDue,
      id_tipo_documento: '632',
    });
    item({
      ...ofPlan,
      tipo: 'SVA',
      descricao: `${plan.name} (SVA)`,
      valor_unit: plan.sva,
      id_tipo_documento: '900',
    });
  }
  for (const [contract, group, tipo, descricao, price, product] of spec.contractItems) {
    item({
      id_contrato: contract,
      id_vd_contrato: '0',
      id_plano: group,
      id_produto: product ?? '0',
      tipo,
      descricao,
      valor_unit: price,
    });
  }
  for (const [id, descricao, valor, active] of spec.products) {
    rows.push(['produtos', { id, descricao, tipo: 'S', valor, ativo: active ? 'S' : 'N' }]);
  }
  return rows;
}
