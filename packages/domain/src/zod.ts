import { z } from 'zod';

// In a browser, zod would compile each object's parser with `new Function`: the portal's
// Content-Security-Policy has no 'unsafe-eval', so the first schema built reports a violation on every
// page load, and zod falls back to its interpreted parser anyway. Every schema of the domain is built
// with this `z`, so the setting comes before the first. Node (the API) keeps the compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
