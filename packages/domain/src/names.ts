/** 'MARIA aparecida souza' → 'Maria'. */
export function firstName(fullName: string): string {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  return first.charAt(0).toLocaleUpperCase('pt-BR') + first.slice(1).toLocaleLowerCase('pt-BR');
}

/** How the panel greets a customer: a person by first name, a company (CNPJ) by its whole name. */
export function greetingName(fullName: string, document: string): string {
  return document.replace(/\D/g, '').length > 11 ? fullName.trim() : firstName(fullName);
}
