import createCache, { type StylisPlugin } from '@emotion/cache';

/** stylis's type of a declaration (`prop:value;`). */
const DECLARATION = 'decl';

/**
 * Safari still wants `-webkit-user-select`: the one vendor prefix the browsers we serve need.
 */
const webkitUserSelect: StylisPlugin = (element) => {
  if (element.type === DECLARATION && element.props === 'user-select' && !element.return) {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

/**
 * Emotion's cache without its default prefixer, which writes 2015's vendor prefixes into every rule
 * (`-webkit-box`, `-ms-flexbox`, `-webkit-transition`…): fewer declarations to build, insert and match
 * before a cheap phone draws the first page.
 */
export const styleCache = createCache({ key: 'css', stylisPlugins: [webkitUserSelect] });
