import { benchBroadcast } from './broadcast.bench.ts';
import { benchErpOutage } from './erp-outage.bench.ts';
import { benchHome } from './home.bench.ts';
import { benchLighthouse } from './lighthouse.bench.ts';
import { benchSignIn } from './sign-in.bench.ts';
import { benchValidToken } from './valid-token.bench.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const only = process.argv[2];
const benches: Record<string, (s: number) => Promise<void>> = {
  'valid-token': benchValidToken,
  home: benchHome,
  broadcast: benchBroadcast,
  lighthouse: benchLighthouse,
  'sign-in': benchSignIn,
  'erp-outage': benchErpOutage,
};

for (const [name, bench] of Object.entries(benches)) {
  if (only && only !== name) continue;
  await bench(seconds);
}
process.exit(0);
