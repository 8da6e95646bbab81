import { type ReactNode, useEffect, useState } from 'react';

/**
 * Draws its children in a task of its own, once the page around them has been drawn: the parts of a page
 * below a phone's fold, so that its first render is a shorter task. The effect runs after the browser
 * paints, and the timer puts each `Later` in its own task, in the order of the page. Nothing above moves:
 * what it draws comes below what is drawn.
 */
export function Later({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true));
    return () => clearTimeout(timer);
  }, []);
  return ready ? children : null;
}
