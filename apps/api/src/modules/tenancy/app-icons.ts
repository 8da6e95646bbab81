import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type AppIconFile, appIconFiles, FALLBACK_PRIMARY_COLOR } from '@central/domain';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { Outbound } from '../../platform/outbound.ts';

/** What an icon is drawn from: the tenant's app logo (a path of the built SPA or an http(s) URL) and colour. */
export interface IconSource {
  clientId: string;
  logoUrl: string | null;
  color: string;
}

export interface AppIcon {
  png: Buffer;
  /** false: the logo could not be read this time and a generated icon stands in; caches keep it briefly. */
  lasting: boolean;
}

export const APP_ICON_LIMITS = {
  /** A logo file or answer larger than this is not read. */
  maxLogoBytes: 1024 * 1024,
  /** Decoded pixels of a raster logo (a decompression bomb stops here). */
  maxInputPixels: 4096 * 4096,
  /** A remote logo's whole answer. */
  fetchTimeoutMs: 5_000,
};

const RENDERED_TTL_MS = 60 * 60_000;
/** A remote logo that failed is asked for again after this. */
const FALLBACK_TTL_MS = 5 * 60_000;
const CACHE_ENTRIES = 300;
const RASTER_FORMATS = new Set(['svg', 'png', 'jpeg', 'webp', 'gif']);
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
/** A maskable icon's logo stays inside the safe zone, the centred circle of 80% (W3C manifest §maskable). */
const MASKABLE_LOGO_SHARE = 0.56;

/** A Wi-Fi sign in white, drawn over the tenant's colour when it has no logo (no font needed). */
const GENERATED_GLYPH = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <g fill="none" stroke="#fff" stroke-width="34" stroke-linecap="round">
    <path d="M120 226a192 192 0 0 1 272 0"/><path d="M172 282a118 118 0 0 1 168 0"/>
  </g><circle cx="256" cy="350" r="30" fill="#fff"/></svg>`,
);

/** A short version of what an icon is drawn from, for its URL: a new logo or colour is a new URL. */
export function iconVersion(source: Pick<IconSource, 'logoUrl' | 'color'>): string {
  return createHash('sha256')
    .update(`${source.logoUrl ?? ''}\n${source.color}`)
    .digest('hex')
    .slice(0, 10);
}

class LogoUnavailable extends Error {}

/**
 * The PNG icons of a tenant's web app manifest, rasterized from its app logo with sharp and kept per
 * tenant, logo and colour. A remote logo goes through `outbound` (public hosts only, no redirects, a
 * deadline and a size cap); when the logo cannot be had, an icon in the tenant's colour stands in.
 */
export function createAppIcons(deps: { webDist: string; outbound: Outbound; log: Logger }) {
  const cache = new Map<string, { until: number; icon: Promise<AppIcon> }>();

  async function localLogo(urlPath: string): Promise<Buffer> {
    const root = path.resolve(deps.webDist);
    let file: string;
    try {
      file = path.resolve(root, `.${decodeURIComponent(new URL(urlPath, 'http://x').pathname)}`);
    } catch {
      throw new LogoUnavailable(`not a path: ${urlPath}`);
    }
    if (!file.startsWith(`${root}${path.sep}`)) throw new LogoUnavailable(`outside the web app: ${urlPath}`);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new LogoUnavailable(`no file for ${urlPath}`);
    if (info.size > APP_ICON_LIMITS.maxLogoBytes) throw new LogoUnavailable(`${urlPath} is too large`);
    return readFile(file);
  }

  async function remoteLogo(url: string): Promise<Buffer> {
    const answer = await deps.outbound.request(url, { headers: { accept: 'image/*' } });
    if (answer.status !== 200) throw new LogoUnavailable(`${url} answered ${answer.status}`);
    return answer.bytes;
  }

  /** The logo drawn into a transparent `box`×`box` square, kept whole (an SVG drawn at that size, not scaled). */
  async function drawLogo(logo: Buffer, box: number): Promise<Buffer> {
    const limitInputPixels = APP_ICON_LIMITS.maxInputPixels;
    const meta = await sharp(logo, { limitInputPixels }).metadata();
    if (!RASTER_FORMATS.has(meta.format)) throw new LogoUnavailable(`not an image: ${meta.format}`);
    const longest = Math.max(meta.width ?? box, meta.height ?? box, 1);
    const density = meta.format === 'svg' ? Math.min(Math.max((72 * box) / longest, 1), 10_000) : undefined;
    return sharp(logo, { limitInputPixels, density, animated: false })
      .resize(box, box, { fit: 'contain', background: TRANSPARENT })
      .png()
      .toBuffer();
  }

  async function onColour(color: string, size: number, overlay: Buffer): Promise<Buffer> {
    const canvas = (background: string) =>
      sharp({ create: { width: size, height: size, channels: 4, background } })
        .composite([{ input: overlay, gravity: 'centre' }])
        .png()
        .toBuffer();
    // `color` is a CSS colour as the tenant typed it; one sharp cannot read gets the default.
    return canvas(color).catch(() => canvas(FALLBACK_PRIMARY_COLOR));
  }

  async function generated(color: string, size: number): Promise<Buffer> {
    const glyph = await sharp(GENERATED_GLYPH, { density: (72 * size) / 512 })
      .resize(size, size)
      .png()
      .toBuffer();
    return onColour(color, size, glyph);
  }

  async function render(source: IconSource, file: AppIconFile): Promise<AppIcon> {
    const { size, purpose } = appIconFiles[file];
    if (!source.logoUrl) return { png: await generated(source.color, size), lasting: true };
    try {
      const logo = source.logoUrl.startsWith('/')
        ? await localLogo(source.logoUrl)
        : await remoteLogo(source.logoUrl);
      const png =
        purpose === 'maskable'
          ? await onColour(source.color, size, await drawLogo(logo, Math.round(size * MASKABLE_LOGO_SHARE)))
          : await drawLogo(logo, size);
      return { png, lasting: true };
    } catch (error) {
      deps.log.warn(
        { clientId: source.clientId, logo: source.logoUrl, reason: (error as Error).message },
        'app logo unavailable: a generated icon stands in',
      );
      return { png: await generated(source.color, size), lasting: false };
    }
  }

  return {
    /** The icon `file` of a tenant, rendered once per logo and colour (concurrent asks share one render). */
    icon(source: IconSource, file: AppIconFile): Promise<AppIcon> {
      const key = `${source.clientId}\n${file}\n${source.logoUrl ?? ''}\n${source.color}`;
      const hit = cache.get(key);
      if (hit && hit.until > Date.now()) return hit.icon;
      const entry = { until: Date.now() + RENDERED_TTL_MS, icon: render(source, file) };
      cache.delete(key);
      cache.set(key, entry);
      for (const oldest of cache.keys()) {
        if (cache.size <= CACHE_ENTRIES) break;
        cache.delete(oldest);
      }
      void entry.icon.then(
        (icon) => {
          if (!icon.lasting) entry.until = Date.now() + FALLBACK_TTL_MS;
        },
        () => cache.delete(key),
      );
      return entry.icon;
    },
  };
}
export type AppIcons = ReturnType<typeof createAppIcons>;
