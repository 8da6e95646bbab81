// IXC's `view_*` listings answer the grid of the ERP screen (flexigrid's format) instead of named columns:
// `{page, total, rows: [{id, cell: [...]}], tot: [...]}`, the cells in the order of the screen's columns and
// money as the screen shows it ('1.234,56'). Filters, sort and paging name the view's columns, as on tables.
// The one simulated here is the "Produtos" tab of a contract, as IXC's Postman collection shows it.

import type { FieldKind, IxcRow, IxcTableName } from './schema.ts';

export interface ViewSource {
  rows(table: IxcTableName): IxcRow[];
}

interface ViewGrid {
  columns: Record<string, FieldKind>;
  rows(source: ViewSource): IxcRow[];
  cell(row: IxcRow): string[];
  /** the screen's totals line */
  tot(rows: IxcRow[]): (string | false)[];
}

/** '1234.5' → '1.234,50'; '' stays '' (an empty discount shows as an empty cell). */
function brazilianMoney(value: string): string {
  if (value.trim() === '') return '';
  const [whole = '0', cents = '00'] = Number(value).toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
}

function sum(rows: IxcRow[], column: string): number {
  return rows.reduce((total, row) => total + Number(row[column] || 0), 0);
}

/** A totals cell: the screen leaves a column without any value out (`false`). */
function total(rows: IxcRow[], column: string): string | false {
  return rows.some((row) => (row[column] ?? '') !== '')
    ? brazilianMoney(sum(rows, column).toFixed(2))
    : false;
}

// One row per item of a contract: its own items (`id_contrato`) and those of its plan (`id_vd_contrato`).
// Cells, as in the collection's example: id, description, RADIUS plan, stock product, quantity, unit price,
// gross, discount, surcharge, value until due date, net, origin ('Plano' | 'Contrato'), contract id, an
// undocumented cell (always '' there), the item's own `id_contrato` ('0' for a plan's item).
const contractProducts: ViewGrid = {
  columns: {
    id: 'ref',
    cliente_contrato_id: 'ref',
    id_contrato: 'ref',
    id_vd_contrato: 'ref',
    id_plano: 'ref',
    id_produto: 'ref',
    tipo: 'text',
    descricao: 'text',
    plano: 'text',
    qtde: 'text',
    valor_unit: 'money',
    valor_bruto: 'money',
    valor_desconto: 'text',
    valor_acrescimo: 'text',
    valor_ate_vencimento: 'money',
    valor_liquido: 'money',
    tipo_produtos_plano: 'text',
  },
  rows(source) {
    const groups = new Map(source.rows('radgrupos').map((g) => [g.id ?? '', g.grupo ?? '']));
    const items = source.rows('vd_contratos_produtos');
    return source.rows('cliente_contrato').flatMap((contract) =>
      items
        .filter((item) =>
          item.id_contrato !== '0'
            ? item.id_contrato === contract.id
            : item.id_vd_contrato !== '0' && item.id_vd_contrato === contract.id_vd_contrato,
        )
        .map((item) => {
          const gross = (Number(item.qtde || 0) * Number(item.valor_unit || 0)).toFixed(2);
          const untilDue = Number(item.valor_ate_vencimento || 0) > 0 ? item.valor_ate_vencimento : gross;
          return {
            id: item.id ?? '',
            cliente_contrato_id: contract.id ?? '',
            id_contrato: item.id_contrato ?? '0',
            id_vd_contrato: item.id_vd_contrato ?? '0',
            id_plano: item.id_plano ?? '0',
            id_produto: item.id_produto ?? '0',
            tipo: item.tipo ?? '',
            descricao: item.descricao ?? '',
            plano: groups.get(item.id_plano ?? '') ?? '',
            qtde: item.qtde ?? '',
            valor_unit: Number(item.valor_unit || 0).toFixed(2),
            valor_bruto: gross,
            valor_desconto: '',
            valor_acrescimo: '',
            valor_ate_vencimento: untilDue ?? gross,
            valor_liquido: gross,
            tipo_produtos_plano: item.id_contrato !== '0' ? 'Contrato' : 'Plano',
          };
        }),
    );
  },
  cell(row) {
    return [
      row.id ?? '',
      row.descricao ?? '',
      row.plano ?? '',
      '',
      row.qtde ?? '',
      brazilianMoney(row.valor_unit ?? ''),
      brazilianMoney(row.valor_bruto ?? ''),
      brazilianMoney(row.valor_desconto ?? ''),
      brazilianMoney(row.valor_acrescimo ?? ''),
      brazilianMoney(row.valor_ate_vencimento ?? ''),
      brazilianMoney(row.valor_liquido ?? ''),
      row.tipo_produtos_plano ?? '',
      row.cliente_contrato_id ?? '',
      '',
      row.id_contrato ?? '0',
    ];
  },
  tot(rows) {
    return [
      total(rows, 'valor_bruto'),
      total(rows, 'valor_desconto'),
      total(rows, 'valor_acrescimo'),
      total(rows, 'valor_liquido'),
    ];
  },
};

const VIEWS = {
  view_vd_contratos_produtos_gen: contractProducts,
} as const satisfies Record<string, ViewGrid>;

export type ViewName = keyof typeof VIEWS;

export function isViewName(name: string): name is ViewName {
  return Object.hasOwn(VIEWS, name);
}

export function viewGrid(name: ViewName): ViewGrid {
  return VIEWS[name];
}
