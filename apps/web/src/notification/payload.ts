/**
 * What the push service worker shows. A hand check of the push payload (`pushPayloadSchema` of the
 * domain: title, body, url, tag?) so that the worker stays a few KB, without zod.
 */
export type Shown = { title: string; body: string; url: string | null; tag?: string; icon?: string };

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * A path of the portal's own origin ('/panel/financial/invoice/1019'), as an absolute URL; anything else
 * (another site, `javascript:`, '//host') is null, so a notification can only open the portal.
 */
export function portalUrl(url: unknown, origin: string): string | null {
  if (!isString(url) || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return null;
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? parsed.href : null;
  } catch {
    return null;
  }
}

/** An icon from the portal's origin or any https address; none otherwise. */
function iconUrl(icon: unknown, origin: string): string | undefined {
  if (!isString(icon)) return undefined;
  if (icon.startsWith('https://')) return icon;
  return portalUrl(icon, origin) ?? undefined;
}

/** The push's JSON text as a notification to show; null when it is not one of the portal's. */
export function readPushPayload(text: string | null | undefined, origin: string): Shown | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, url, tag, icon } = data as Record<string, unknown>;
  if (!isString(title) || !isString(body) || !isString(url)) return null;
  if (tag !== undefined && !isString(tag)) return null;
  const shown: Shown = { title, body, url: portalUrl(url, origin) };
  if (tag) shown.tag = tag;
  const image = iconUrl(icon, origin);
  if (image) shown.icon = image;
  return shown;
}
