import { buildSim } from './index.ts';

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number >= 0, got '${raw}'`);
    process.exit(1);
  }
  return value;
}

const port = envNumber('SIM_PORT', 4010);
const latencyMs = envNumber('SIM_LATENCY_MS', 0);
const cieloLatencyMs = envNumber('SIM_CIELO_LATENCY_MS', 0);

const app = await buildSim({ latencyMs, cieloLatencyMs });
const url = await app.listen({ host: '127.0.0.1', port });
console.log(
  `sim listening on ${url} (IXC instances: ${url}/ixc/demo, ${url}/ixc/outro; Cielo: ${url}/cielo/api, queries ${url}/cielo/query; latency ${latencyMs} ms)`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
