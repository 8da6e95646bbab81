import { randomUUID } from 'node:crypto';
import { adminUsers, providerCredentials } from '../src/db/schema.ts';
import { SESSION_COOKIES } from '../src/platform/auth.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import type { Harness } from './harness.ts';

/**
 * A fresh admin user and a session of theirs, issued the way the admin sign-in issues it: the cookie jar
 * to send, and the user as stored (for the audit trail's 'Name <email>').
 */
export async function adminSession(h: Harness, o: { name?: string; email?: string } = {}) {
  const [user] = await h.database.db
    .insert(adminUsers)
    .values({
      email: o.email ?? `admin-${randomUUID().slice(0, 8)}@central.test`,
      name: o.name ?? 'Ana Admin',
      passwordHash: await hashPassword(randomUUID()),
    })
    .returning();
  if (!user) throw new Error('admin insert returned no row');
  const issued = await h.services.sessions.issueAdmin({ adminId: user.id, name: user.name });
  return { user, jar: { [SESSION_COOKIES.admin]: issued.token } };
}

/** Sets the provider's own password (what an admin does on the tenant form). */
export async function setProviderPassword(h: Harness, tenantId: string, password: string) {
  const passwordHash = await hashPassword(password);
  await h.database.db
    .insert(providerCredentials)
    .values({ tenantId, passwordHash })
    .onConflictDoUpdate({
      target: providerCredentials.tenantId,
      set: { passwordHash, updatedAt: new Date() },
    });
}
