/** The parameters written in an encoded argon2 hash (`$argon2id$v=19$m=…,p=…,t=…$salt$hash`). */
export function paramsOf(hash: string) {
  const [, type, , params = ''] = hash.split('$');
  const value = (name: string) => Number(params.match(new RegExp(`(?:^|,)${name}=(\\d+)`))?.[1]);
  return { type, m: value('m'), t: value('t'), p: value('p') };
}

/** OWASP's argon2id parameters, which every new hash carries. */
export const OWASP_ARGON2 = { type: 'argon2id', m: 19_456, t: 2, p: 1 };
