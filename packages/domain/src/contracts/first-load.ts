import { z } from '../zod.ts';
import { sessionSchema } from './auth.ts';
import { themeSchema } from './theme.ts';

/** The id of the JSON script element in which the server hands a page's first load its data. */
export const FIRST_LOAD_ELEMENT_ID = 'central-first-load';

/**
 * What the server writes into the HTML of a browser's navigation to a subscriber's page (issue 14): the
 * answers the SPA would otherwise fetch one after the other before it can draw that page.
 */
export const firstLoadSchema = z.object({
  /** The host's provider, as GET /api/central/theme answers it. */
  theme: themeSchema,
  /**
   * The subscriber's session as GET /api/central/auth/valid-token would answer it when the page was
   * served: null without one; absent when it was not checked (the back office, an error).
   */
  session: sessionSchema.nullable().optional(),
});
export type FirstLoad = z.infer<typeof firstLoadSchema>;
