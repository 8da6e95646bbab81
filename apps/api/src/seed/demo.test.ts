import {
  DEMO_CIELO_MERCHANT,
  DEMO_IXC_TOKEN,
  IXC_DEMO,
  IXC_OUTRO,
  OUTRO_IXC_TOKEN,
  DEMO_ACS as SIM_ACS,
} from '@central/sim';
import { describe, expect, it } from 'vitest';
import { DEMO_ACS, DEMO_CIELO, DEMO_CONTRACT_PRINT_IDS, DEMO_IXC_TOKENS, DEMO_SETTLEMENT } from './demo.ts';

// The seed cannot import the simulator (production code): its literals are checked against it here.
describe('demo seed', () => {
  it("uses the simulated ERPs' tokens, the demo merchant and each ERP's settlement accounts", () => {
    expect(DEMO_IXC_TOKENS).toEqual({ demo: DEMO_IXC_TOKEN, outro: OUTRO_IXC_TOKEN });
    expect(DEMO_CIELO).toEqual({ merchantId: DEMO_CIELO_MERCHANT.id, merchantKey: DEMO_CIELO_MERCHANT.key });
    expect(DEMO_SETTLEMENT).toEqual({ demo: IXC_DEMO.settlement, outro: IXC_OUTRO.settlement });
  });

  it("signs the demo provider's ACS calls with the simulated GenieACS's issuer and key", () => {
    expect(DEMO_ACS).toEqual({ issuer: SIM_ACS.issuer, privateKey: SIM_ACS.privateKey });
  });

  it("prints contracts with each simulated ERP's contract model", () => {
    expect(DEMO_CONTRACT_PRINT_IDS).toEqual({
      demo: IXC_DEMO.contractPrintId,
      outro: IXC_OUTRO.contractPrintId,
    });
  });
});
