/** spec §9: fiscal note types by IXC document type code. */
const NF_TYPE_BY_CODE: Record<string, 'SVA' | 'SCM' | 'NFS-e'> = {
  '900': 'SVA',
  '632': 'SCM',
  '604': 'SCM',
  '605': 'SCM',
  '634': 'SCM',
  '603': 'SCM',
  '633': 'SCM',
  '13': 'NFS-e',
};
export type NfType = 'SVA' | 'SCM' | 'NFS-e';

/** The note's type, or null when it is dropped: canceled (C), denied (D) or of an unknown type (spec §4). */
export function nfType(documentTypeCode: string, status: string): NfType | null {
  if (status === 'C' || status === 'D') return null;
  return NF_TYPE_BY_CODE[documentTypeCode.trim()] ?? null;
}

/** spec §9: the earliest month of the NF picker (24-02-2014). */
export const EARLIEST_NF_MONTH = '2014-02';
