// The ISP behind each seeded IXC instance: what its boletos, PIX charges and fiscal notes print.

import type { SeedName } from './seed.ts';

/**
 * How the PIX gateway's QR image comes in `get_pix`'s `qrCode.imagemQrcode`: IXC passes on what the PSP
 * sent, so it is bare base64 PNG for some, a `data:image/png;base64,` URI for others (Efí) and empty for
 * those that send only the BR Code.
 */
export const PIX_IMAGE_STYLES = ['base64', 'data-uri', 'empty'] as const;
export type PixImageStyle = (typeof PIX_IMAGE_STYLES)[number];

export interface Provider {
  name: string;
  legalName: string;
  cnpj: string;
  stateRegistration: string;
  address: string;
  city: string;
  uf: string;
  /** IBGE state code, the first digits of an NF-e access key */
  ufCode: string;
  /** a random EVP key, so that a real bank app scanning a demo QR finds nobody to pay */
  pixKey: string;
  /** the PIX gateway configured in IXC: `gateway.gatewayNome` of `get_pix`, and its image style by default */
  pixGateway: { name: string; image: PixImageStyle };
}

export const PROVIDERS: Record<SeedName, Provider> = {
  demo: {
    name: 'Central Fibra Demo',
    legalName: 'Central Fibra Demo Telecomunicações Ltda',
    cnpj: '48.372.615/0001-75',
    stateRegistration: '259.871.346',
    address: 'Rua Bocaiúva, 2468 - Centro - 88015-530',
    city: 'Florianópolis',
    uf: 'SC',
    ufCode: '42',
    pixKey: '5f0c2a8e-3b1d-4c7a-9e62-1d4b8f3a7c90',
    pixGateway: { name: 'Sicredi', image: 'base64' },
  },
  outro: {
    name: 'Outro Net Telecom',
    legalName: 'Outro Net Telecom Eireli',
    cnpj: '27.591.438/0001-48',
    stateRegistration: '261.447.093',
    address: 'Rua Sete de Setembro, 1010 - Centro - 89010-201',
    city: 'Blumenau',
    uf: 'SC',
    ufCode: '42',
    pixKey: '9a7e4c21-6d3b-4f08-b5a2-0c8e1f6d2b47',
    pixGateway: { name: 'Banco Inter', image: 'empty' },
  },
};

/** IBGE city codes used by the seed (IXC stores `cidade` as the id of its city table). */
export const CITY_NAMES: Record<string, string> = {
  '4205407': 'Florianópolis',
  '4216602': 'São José',
  '4211900': 'Palhoça',
  '4202404': 'Blumenau',
};
