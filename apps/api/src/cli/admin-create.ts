import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { adminUsers } from '../db/schema.ts';
import { hashPassword } from '../platform/passwords.ts';

// npm run admin:create -- --email staff@provider.com --password '...' [--name 'Ana']
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
const input = z
  .object({
    email: z.email(),
    password: z.string().min(10).max(128),
    name: z.string().min(1).default('Admin'),
  })
  .safeParse(values);
if (!input.success) {
  console.error(
    'Usage: npm run admin:create -- --email <e-mail> --password <10+ characters> [--name <name>]',
  );
  console.error(input.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n'));
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
});
const passwordHash = await hashPassword(input.data.password);
await database.db
  .insert(adminUsers)
  .values({ email: input.data.email.toLowerCase(), name: input.data.name, passwordHash })
  .onConflictDoUpdate({
    target: adminUsers.email,
    set: { passwordHash, name: input.data.name, updatedAt: new Date() },
  });
console.log(`Admin ${input.data.email} saved.`);
await database.close();
