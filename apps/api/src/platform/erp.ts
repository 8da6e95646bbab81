import { IxcError } from '../integrations/ixc/client.ts';
import { erpUnavailable } from './errors.ts';

/** Runs ERP calls and turns any ERP failure into the 502 that the SPA shows as a Portuguese message. */
export async function withErp<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof IxcError) throw Object.assign(erpUnavailable(), { cause: error });
    throw error;
  }
}
