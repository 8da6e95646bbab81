/**
 * The app is written against React's API and runs on Preact's compatibility layer (`preact/compat`):
 * 4 KB of runtime instead of react-dom's 60, which is what lets the first screen fit its JavaScript
 * budget on a cheap phone (issue 14). The build, the dev server and the component tests all resolve
 * React through these aliases, so the tests exercise the runtime that ships.
 */
export const preactAlias = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
