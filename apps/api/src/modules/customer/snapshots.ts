import type { Invoice } from '@central/domain';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerSnapshots, type InvoiceSnapshot } from '../../db/schema.ts';

/**
 * What the portal last learned from the ERP about a subscriber (issue 15): the status of their last sign-in
 * the ERP answered and the invoice lists they last saw. It lets a subscriber in, and shows them their
 * invoices, while the provider's ERP is unreachable.
 */

export interface KnownCustomer {
  erpCustomerId: string;
  name: string;
  active: boolean;
  checkedAt: Date;
}

/** Saves the ERP's answer at a sign-in, active or not: an inactive customer must stay out when it is down. */
export async function rememberCustomer(
  db: Db,
  key: { tenantId: string; document: string },
  customer: Omit<KnownCustomer, 'checkedAt'>,
  at: Date,
) {
  const values = { ...customer, checkedAt: at };
  await db
    .insert(customerSnapshots)
    .values({ ...key, ...values })
    .onConflictDoUpdate({
      target: [customerSnapshots.tenantId, customerSnapshots.document],
      // Another ERP customer behind the same document: the invoices saved were someone else's.
      set: {
        ...values,
        invoices: sql`case when ${customerSnapshots.erpCustomerId} = ${customer.erpCustomerId} then ${customerSnapshots.invoices} end`,
        invoicesAt: sql`case when ${customerSnapshots.erpCustomerId} = ${customer.erpCustomerId} then ${customerSnapshots.invoicesAt} end`,
      },
    });
}

/** The customer as last known, if the ERP answered for them at or after `notBefore`. */
export async function knownCustomer(
  db: Db,
  key: { tenantId: string; document: string },
  notBefore: Date,
): Promise<KnownCustomer | null> {
  const [row] = await db
    .select({
      erpCustomerId: customerSnapshots.erpCustomerId,
      name: customerSnapshots.name,
      active: customerSnapshots.active,
      checkedAt: customerSnapshots.checkedAt,
    })
    .from(customerSnapshots)
    .where(
      and(
        eq(customerSnapshots.tenantId, key.tenantId),
        eq(customerSnapshots.document, key.document),
        gte(customerSnapshots.checkedAt, notBefore),
      ),
    )
    .limit(1);
  return row ?? null;
}

type SnapshotKey = { tenantId: string; document: string; erpCustomerId: string };
const ownRow = (key: SnapshotKey) =>
  and(
    eq(customerSnapshots.tenantId, key.tenantId),
    eq(customerSnapshots.document, key.document),
    eq(customerSnapshots.erpCustomerId, key.erpCustomerId),
  );

/** Keeps one list as shown (`toPay` or `received`), beside the other; only for a customer signed in before. */
export async function saveInvoiceList(
  db: Db,
  key: SnapshotKey,
  list: keyof InvoiceSnapshot,
  invoices: Invoice[],
  at: Date,
) {
  const part = JSON.stringify({ [list]: invoices });
  await db
    .update(customerSnapshots)
    .set({
      invoices: sql`coalesce(${customerSnapshots.invoices}, '{}'::jsonb) || ${part}::jsonb`,
      invoicesAt: at,
    })
    .where(ownRow(key));
}

/** The invoice lists last shown to this customer, and when. */
export async function savedInvoices(
  db: Db,
  key: SnapshotKey,
): Promise<{ invoices: InvoiceSnapshot; at: Date } | null> {
  const [row] = await db
    .select({ invoices: customerSnapshots.invoices, at: customerSnapshots.invoicesAt })
    .from(customerSnapshots)
    .where(ownRow(key))
    .limit(1);
  return row?.invoices && row.at ? { invoices: row.invoices, at: row.at } : null;
}
