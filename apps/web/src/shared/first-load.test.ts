import { FIRST_LOAD_ELEMENT_ID } from '@central/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoTheme } from '@/test/fixtures';

// Whatever the provider's staff typed, as the server's JSON carries it.
const THEME = { ...demoTheme, alias: 'Fibra </script> Net', primary_color: '#6A1B9A' };
const MARIA = { validToken: true as const, featureFlag: [], customer: { name: 'Maria', firstName: 'Maria' } };

/** The page as the server sent it (`text` in the JSON element), and the modules that read it, fresh. */
async function load(text: string | null) {
  document.getElementById(FIRST_LOAD_ELEMENT_ID)?.remove();
  if (text !== null) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = FIRST_LOAD_ELEMENT_ID;
    element.textContent = text;
    document.head.append(element);
  }
  vi.resetModules();
  return { ...(await import('./first-load')), ...(await import('./guards')) };
}

/** What a loader threw: React Router's redirect is a Response with a Location. */
async function redirectOf(run: () => unknown) {
  try {
    await run();
    return null;
  } catch (thrown) {
    return thrown instanceof Response ? thrown.headers.get('Location') : thrown;
  }
}

afterEach(() => document.getElementById(FIRST_LOAD_ELEMENT_ID)?.remove());

describe('the first load the server sent with the page', () => {
  it("gives the provider's theme to its own client id only", async () => {
    const { firstLoadTheme } = await load(JSON.stringify({ theme: THEME, session: null }));
    expect(firstLoadTheme('demo')).toEqual(THEME);
    expect(firstLoadTheme('outro')).toBeUndefined();
  });

  it("is the first page's session check, once: a signed-in subscriber goes on to the panel at once", async () => {
    const { redirectIfSignedIn, takeFirstLoadSession } = await load(
      JSON.stringify({ theme: THEME, session: MARIA }),
    );
    const queryClient = new QueryClient();
    expect(await redirectOf(() => redirectIfSignedIn(queryClient)(undefined as never))).toBe('/panel');
    // Kept where every component reads the session, and never used for a second page.
    expect(queryClient.getQueryData(['session'])).toEqual(MARIA);
    expect(takeFirstLoadSession()).toBeUndefined();
  });

  it('sends a visitor without a session from the panel to the start, without asking the server', async () => {
    const { requireSession } = await load(JSON.stringify({ theme: THEME, session: null }));
    expect(await redirectOf(() => requireSession(new QueryClient())(undefined as never))).toBe('/');
  });

  it('is ignored when missing or unreadable: the SPA asks the server as before', async () => {
    for (const text of [null, '{"theme": 1}', 'not json']) {
      const { firstLoadTheme, takeFirstLoadSession } = await load(text);
      expect(firstLoadTheme('demo')).toBeUndefined();
      expect(takeFirstLoadSession()).toBeUndefined();
    }
  });
});
