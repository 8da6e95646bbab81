import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/**
 * Drives `url` for `seconds` with autocannon in a worker thread, so the server keeps the main one: as
 * fast as 20 connections go, or at a constant `overallRate` (requests per second, latencies corrected
 * for coordinated omission).
 */
export async function load(
  url: string,
  headers: Record<string, string>,
  seconds = 10,
  o: { overallRate?: number; connections?: number } = {},
): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    headers,
    connections: o.connections ?? 20,
    duration: seconds,
    workers: 1,
    ...(o.overallRate ? { overallRate: o.overallRate } : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export async function saveResult(name: string, data: unknown) {
  const dir = path.join(import.meta.dirname, 'results');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ name, at: new Date().toISOString(), ...(data as object) }, null, 2)}\n`,
  );
  return file;
}
