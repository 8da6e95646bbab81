import {
  FIRST_LOAD_ELEMENT_ID,
  type FirstLoad,
  firstLoadSchema,
  type Session,
  type Theme,
} from '@central/domain';

/** The data the server wrote into this page's HTML (apps/api static-spa), if it did and it reads well. */
function read(): FirstLoad | undefined {
  const text = document.getElementById(FIRST_LOAD_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = firstLoadSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const firstLoad = read();
let sessionTaken = false;

/** The provider's theme as the server sent it with the page, when it is `clientId`'s. */
export function firstLoadTheme(clientId: string): Theme | undefined {
  return firstLoad?.theme.client_id === clientId ? firstLoad.theme : undefined;
}

/**
 * The session as the server saw it when it served this page (null: none), once: it is the check of the
 * first page's entry (spec §2.2), every later page asks the server again. Undefined when not sent.
 */
export function takeFirstLoadSession(): Session | null | undefined {
  if (sessionTaken) return undefined;
  sessionTaken = true;
  return firstLoad?.session;
}
