// Helpers for the simulator's own tests: a sim listening on a free port and a tiny IXC client.

import { request } from 'node:http';
import type { FastifyInstance } from 'fastify';
import jsQR from 'jsqr';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { PNG } from 'pngjs';
import { buildSim, type SimOptions } from '../index.ts';
import { BARCODE_TAG } from './documents.ts';

export interface RunningSim {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startSim(opts: SimOptions = {}): Promise<RunningSim> {
  const app = await buildSim(opts);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, app, close: () => app.close() };
}

/** What IXC answers: a listing, a write result or an error (or plain text such as a base64 PDF). */
export interface IxcJson {
  type?: string;
  message?: string;
  id?: string;
  page?: string;
  total?: string;
  registros?: Record<string, string>[];
  [key: string]: unknown;
}

export interface IxcAnswer {
  status: number;
  contentType: string;
  json: IxcJson;
  text: string;
}

export interface Listing {
  page: string;
  total: string;
  registros: Record<string, string>[];
}

export class IxcClient {
  constructor(
    readonly url: string,
    readonly instance: string,
    readonly token: string,
  ) {}

  async call(
    method: string,
    path: string,
    opts: {
      body?: unknown;
      headers?: Record<string, string>;
      token?: string | null;
      signal?: AbortSignal;
    } = {},
  ): Promise<IxcAnswer> {
    const token = opts.token === undefined ? this.token : opts.token;
    const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
    if (token !== null) headers.authorization = `Basic ${Buffer.from(token).toString('base64')}`;
    const res = await fetch(`${this.url}/ixc/${this.instance}/webservice/v1/${path}`, {
      method,
      headers,
      body:
        opts.body === undefined
          ? undefined
          : typeof opts.body === 'string'
            ? opts.body
            : JSON.stringify(opts.body),
      signal: opts.signal,
    });
    const text = await res.text();
    let json: IxcJson = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') json = parsed as IxcJson;
    } catch {
      // not JSON (HTML error page, base64 PDF): read `text`
    }
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', json, text };
  }

  /** A GET with a JSON body, as IXC's manual and some PHP clients send it (fetch refuses a GET body). */
  getWithBody(path: string, body: unknown, headers: Record<string, string> = {}): Promise<string> {
    const url = new URL(`${this.url}/ixc/${this.instance}/webservice/v1/${path}`);
    const payload = JSON.stringify(body);
    return new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: 'GET',
          path: url.pathname,
          headers: {
            ...headers,
            authorization: `Basic ${Buffer.from(this.token).toString('base64')}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          let data = '';
          res.on('data', (chunk) => {
            data += chunk;
          });
          res.on('end', () => resolve(data));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  list(table: string, body: Record<string, unknown> = {}, token?: string | null): Promise<IxcAnswer> {
    return this.call('POST', table, { body, headers: { ixcsoft: 'listar' }, token });
  }

  /** Lists and expects a successful answer. */
  async rows(table: string, body: Record<string, unknown> = {}): Promise<Listing> {
    const answer = await this.list(table, { rp: '1000', ...body });
    if (answer.status !== 200 || answer.json?.type === 'error') {
      throw new Error(`listing ${table} failed: ${answer.status} ${JSON.stringify(answer.json)}`);
    }
    return answer.json as Listing;
  }

  insert(table: string, fields: Record<string, unknown>): Promise<IxcAnswer> {
    return this.call('POST', table, { body: fields });
  }

  update(table: string, id: string, fields: Record<string, unknown>): Promise<IxcAnswer> {
    return this.call('PUT', `${table}/${id}`, { body: fields });
  }
}

export async function adminCall<T = Record<string, unknown>>(
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as T };
}

/** A fresh instance cloned from the seed, so that a test file's writes touch nobody else. */
export async function cloneInstance(url: string, from: 'demo' | 'outro' = 'demo'): Promise<IxcClient> {
  const { status, json } = await adminCall<{ instance: string; token: string }>(
    url,
    'POST',
    '/__sim/ixc/instances',
    {
      from,
    },
  );
  if (status !== 201) throw new Error(`cloning ${from} failed: ${status}`);
  return new IxcClient(url, json.instance, json.token);
}

const ITF_TABLE = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];

/** Reads ITF element widths (bar first, in narrow modules) back to digits; throws on a malformed symbol. */
export function decodeItfWidths(widths: number[]): string {
  const kind = (w: number) => (w > 1.5 ? 'w' : 'n');
  const start = widths.slice(0, 4).map(kind).join('');
  const stop = widths.slice(-3).map(kind).join('');
  if (start !== 'nnnn' || stop !== 'wnn') throw new Error(`bad ITF guards ${start}/${stop}`);
  const body = widths.slice(4, -3).map(kind);
  if (body.length % 10 !== 0) throw new Error('ITF body is not made of pairs');
  let digits = '';
  for (let i = 0; i < body.length; i += 10) {
    const pair = body.slice(i, i + 10);
    const bars = ITF_TABLE.indexOf(pair.filter((_, k) => k % 2 === 0).join(''));
    const spaces = ITF_TABLE.indexOf(pair.filter((_, k) => k % 2 === 1).join(''));
    if (bars < 0 || spaces < 0) throw new Error(`bad ITF pair at ${i}`);
    digits += `${bars}${spaces}`;
  }
  return digits;
}

export interface PdfPageRead {
  width: number;
  height: number;
  /** the page's content stream(s), inflated */
  content: string;
  /** the strings shown (`<hex> Tj`, WinAnsi), in drawing order */
  texts: string[];
}

/** Reads a PDF back with pdf-lib, which also unpacks its object streams. */
export async function readPdf(pdf: Buffer): Promise<PdfPageRead[]> {
  const doc = await PDFDocument.load(pdf);
  const winAnsi = new TextDecoder('windows-1252');
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const content = streams
      .map((stream) => {
        if (!(stream instanceof PDFRawStream)) throw new Error('a page content that is not a stream');
        return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      })
      .join('\n');
    const texts = [...content.matchAll(/<([\dA-Fa-f]*)> Tj/g)].map((m) =>
      winAnsi.decode(Buffer.from(m[1] ?? '', 'hex')),
    );
    return { ...page.getSize(), content, texts };
  });
}

/** Every barcode drawn in a PDF of ours, decoded from the filled rectangles (`x y w h re f`) themselves. */
export async function barcodesInPdf(pdf: Buffer): Promise<string[]> {
  const groups = (await readPdf(pdf)).flatMap((page) => page.content.split(`/${BARCODE_TAG} BMC`).slice(1));
  return groups.map((group) => {
    const body = group.slice(0, group.indexOf('EMC'));
    const bars = [...body.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re\s+f\b/g)]
      .map((m) => ({ x: Number(m[1]), w: Number(m[3]) }))
      .sort((a, b) => a.x - b.x);
    const narrow = Math.min(...bars.map((b) => b.w));
    const widths: number[] = [];
    bars.forEach((bar, i) => {
      if (i > 0) {
        const previous = bars[i - 1];
        if (previous) widths.push((bar.x - (previous.x + previous.w)) / narrow);
      }
      widths.push(bar.w / narrow);
    });
    return decodeItfWidths(widths);
  });
}

/** Decodes a PNG to RGBA pixels (pngjs, the decoder the `qrcode` package itself uses). */
export function readPng(png: Buffer): { width: number; height: number; rgba: Uint8ClampedArray } {
  const { width, height, data } = PNG.sync.read(png);
  return { width, height, rgba: new Uint8ClampedArray(data) };
}

/** The text of the QR code in a PNG, as a phone's reader would find it. */
export function decodeQrPng(png: Buffer): string | undefined {
  const { width, height, rgba } = readPng(png);
  return jsQR(rgba, width, height)?.data;
}
