import type { IxcClient } from './client.ts';
import type { IxcContract, IxcContractProduct, IxcProduct } from './records.ts';

// A contract's products (spec §2.3, §3 Tenant app criteria): the items of `vd_contratos_produtos`, which
// belong either to the contract (`id_contrato`) or to its sale plan (`id_vd_contrato`, `id_contrato` '0').

export interface ContractProductItem {
  /** The item's id: the contract's service (spec §7.2 services, the cloud box's `cloudServiceId`). */
  id: string;
  /** `id_produto`; items without a product ('0') are left out. */
  productId: string;
  name: string;
}

const toItem = (row: IxcContractProduct): ContractProductItem => ({
  id: row.id,
  productId: row.id_produto,
  name: row.descricao.trim(),
});

const hasProduct = (row: IxcContractProduct) => /^[1-9]\d*$/.test(row.id_produto);

/**
 * A contract's items: its own and its plan's, both listings at once, IXC's order (the contract's own
 * first). Each answer is filtered again on the key it was asked for: a listing is never trusted to have
 * applied its filter.
 */
export async function contractItems(
  ixc: IxcClient,
  contract: Pick<IxcContract, 'id' | 'id_vd_contrato'>,
): Promise<IxcContractProduct[]> {
  const planId = /^[1-9]\d*$/.test(contract.id_vd_contrato) ? contract.id_vd_contrato : null;
  const [own, ofPlan] = await Promise.all([
    ixc.listAll('vd_contratos_produtos', {
      where: { field: 'vd_contratos_produtos.id_contrato', value: contract.id },
      sortBy: 'vd_contratos_produtos.id',
      order: 'asc',
    }),
    planId
      ? ixc.listAll('vd_contratos_produtos', {
          where: { field: 'vd_contratos_produtos.id_vd_contrato', value: planId },
          sortBy: 'vd_contratos_produtos.id',
          order: 'asc',
        })
      : Promise.resolve([]),
  ]);
  return [
    ...own.filter((r) => r.id_contrato === contract.id),
    ...ofPlan.filter((r) => r.id_vd_contrato === planId && (r.id_contrato === '0' || r.id_contrato === '')),
  ];
}

/** The products a contract holds (its items that name one). */
export async function contractProducts(
  ixc: IxcClient,
  contract: Pick<IxcContract, 'id' | 'id_vd_contrato'>,
): Promise<ContractProductItem[]> {
  return (await contractItems(ixc, contract)).filter(hasProduct).map(toItem);
}

/** One product of the catalogue, or null. */
export async function findProduct(ixc: IxcClient, productId: string): Promise<IxcProduct | null> {
  const page = await ixc.list('produtos', {
    where: { field: 'produtos.id', value: productId },
    rowsPerPage: 1,
  });
  return page.rows.find((row) => row.id === productId) ?? null;
}

/**
 * Adds a product to a contract (integration method add_product_in_contract): a `vd_contratos_produtos`
 * row, sent whole as IXC's form saves it (type, the contract's RADIUS group, which IXC requires,
 * quantity 1, the catalogue's price with IXC's 9 decimals, repeated monthly). Answers the new item's id.
 * Never retried: it writes.
 */
export function addProductToContract(
  ixc: IxcClient,
  contractId: string,
  radiusGroupId: string,
  product: Pick<IxcProduct, 'id' | 'descricao' | 'valor'>,
): Promise<string> {
  const price = Number(product.valor.replace(',', '.'));
  return ixc.insert('vd_contratos_produtos', {
    id_contrato: contractId,
    id_vd_contrato: '0',
    id_produto: product.id,
    id_plano: radiusGroupId,
    tipo: 'S',
    descricao: product.descricao,
    qtde: '1',
    valor_unit: (Number.isFinite(price) ? price : 0).toFixed(9),
    fixar_ip: '0',
    repetir: 'V',
    obs: 'Adicionado pelo assinante na Central',
  });
}
