import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adminCall, startSim } from './ixc/test-support.ts';

describe('sim server', () => {
  it('answers the health check', async () => {
    const sim = await startSim();
    try {
      expect(await adminCall(sim.url, 'GET', '/__sim/health')).toEqual({ status: 200, json: { ok: true } });
      const instances = await adminCall<{ instance: string; baseUrl: string }[]>(
        sim.url,
        'GET',
        '/__sim/ixc/instances',
      );
      expect(instances.json.map((i) => [i.instance, i.baseUrl])).toEqual([
        ['demo', '/ixc/demo'],
        ['outro', '/ixc/outro'],
      ]);
    } finally {
      await sim.close();
    }
  });

  it('main.ts listens on SIM_PORT, logs its URL and stops on SIGTERM', async () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, SIM_PORT: '0', SIM_LATENCY_MS: '5' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const [line] = (await once(child.stdout, 'data')) as [Buffer];
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(line.toString())?.[0];
      expect(url).toBeDefined();
      expect((await adminCall(url ?? '', 'GET', '/__sim/health')).json).toEqual({ ok: true });
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
