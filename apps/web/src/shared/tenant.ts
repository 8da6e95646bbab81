import type { Theme } from '@central/domain';
import { createContext, use } from 'react';

export const TenantContext = createContext<Theme | null>(null);

/** The tenant's theme (logos, colours, contacts), loaded once at start-up by the app shell. */
export function useTenant(): Theme {
  const theme = use(TenantContext);
  if (!theme) throw new Error('useTenant must be used under the tenant provider');
  return theme;
}
