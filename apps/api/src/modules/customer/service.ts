import type { CustomerDetails } from '@central/domain';
import { customerName, findCustomerById } from '../../integrations/ixc/customers.ts';
import { notFound } from '../../platform/errors.ts';
import type { CustomerSession } from '../../platform/sessions.ts';
import type { Tenant } from '../../platform/tenancy.ts';

export function createCustomerService() {
  return {
    /** spec §3 Customer details, read from the ERP for the session's own customer only. */
    async details(tenant: Tenant, session: CustomerSession): Promise<CustomerDetails> {
      const customer = await findCustomerById(tenant.ixc, session.erpCustomerId);
      if (!customer) throw notFound();
      const email = [customer.email, customer.hotsite_email].map((e) => e.trim()).find((e) => e.length > 0);
      return {
        name: customerName(customer),
        phone: customer.telefone_celular.trim() || null,
        cnpj_cpf: customer.cnpj_cpf,
        email: email ?? null,
      };
    },
  };
}
export type CustomerService = ReturnType<typeof createCustomerService>;
