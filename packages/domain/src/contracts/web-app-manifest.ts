import { z } from '../zod.ts';

/** The icons of a tenant's web app manifest, rendered from its app logo (file names under /pwa/{client}/icons/). */
export const appIconFiles = {
  'icon-192.png': { size: 192, purpose: 'any' },
  'icon-512.png': { size: 512, purpose: 'any' },
  'maskable-512.png': { size: 512, purpose: 'maskable' },
} as const;
export type AppIconFile = keyof typeof appIconFiles;

/** The page background of the subscriber's areas (the SPA's theme), also the splash screen's. */
export const APP_BACKGROUND_COLOR = '#f6f7f9';

/** GET /manifest.webmanifest (W3C Web App Manifest): the tenant of the request's host name, installable. */
export const webAppManifestSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    short_name: z.string(),
    description: z.string(),
    lang: z.literal('pt-BR'),
    dir: z.literal('ltr'),
    start_url: z.string(),
    scope: z.string(),
    display: z.literal('standalone'),
    theme_color: z.string(),
    background_color: z.string(),
    icons: z.array(
      z.object({
        src: z.string(),
        sizes: z.string(),
        type: z.literal('image/png'),
        purpose: z.enum(['any', 'maskable']),
      }),
    ),
  })
  .meta({ id: 'WebAppManifest' });
export type WebAppManifest = z.infer<typeof webAppManifestSchema>;
