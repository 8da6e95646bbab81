import { type Theme, themeSchema } from '@central/domain';
import { queryOptions } from '@tanstack/react-query';
import { clientId } from '@/shared/client-id';
import { firstLoadTheme } from '@/shared/first-load';
import { api, getStaticJson, isApiError } from '@/shared/http';

/** spec §1: the static config replaces the theme call when the local flag is set. */
const useLocalTheme = import.meta.env.VITE_LOCAL_THEME === 'true';

// The provider's theme (public: names, logos, colours, contacts) is kept in this browser, so that the app
// shell opened offline still shows the provider's sign-in page. The service worker never keeps API answers.
const savedThemeKey = `central:theme:${clientId}`;

function saveTheme(theme: Theme) {
  try {
    localStorage.setItem(savedThemeKey, JSON.stringify(theme));
  } catch {
    // Storage full or disabled: the theme is fetched again next time.
  }
}

function savedTheme(): Theme | undefined {
  try {
    const parsed = themeSchema.safeParse(JSON.parse(localStorage.getItem(savedThemeKey) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function fetchTheme(signal: AbortSignal): Promise<Theme> {
  try {
    const theme = useLocalTheme
      ? await getStaticJson(`/pwa/${encodeURIComponent(clientId)}/config.json`, themeSchema, signal)
      : await api('/theme', { schema: themeSchema, signal });
    saveTheme(theme);
    return theme;
  } catch (error) {
    // No network: the theme this browser saw last; an answer of the server (404...) stands as it is.
    const saved = isApiError(error, 'NETWORK') ? savedTheme() : undefined;
    if (saved) return saved;
    throw error;
  }
}

export const tenantThemeQueryOptions = () =>
  queryOptions({
    queryKey: ['tenant-theme', clientId],
    queryFn: ({ signal }) => fetchTheme(signal),
    // Sent with the page by the server: no call before the first page shows.
    initialData: () => {
      const theme = firstLoadTheme(clientId);
      // Kept for the offline app shell after the first page is drawn: storage is slow to open.
      if (theme) setTimeout(() => saveTheme(theme), 0);
      return theme;
    },
    staleTime: Number.POSITIVE_INFINITY,
    meta: { persistent: true },
  });
