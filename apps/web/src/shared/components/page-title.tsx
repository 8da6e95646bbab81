import { useLayoutEffect } from 'react';

/**
 * The document's title, 'Central - ' and the page's name (spec §2.5). Set by an effect rather than a
 * `<title>` element: the app runs on Preact's React compatibility layer, which does not hoist `<title>`
 * into the head as React 19 does.
 */
export function PageTitle({ children }: { children: string }) {
  const title = `Central - ${children}`;
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
