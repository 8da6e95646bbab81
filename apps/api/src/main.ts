import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createMailer } from './integrations/mail/mailer.ts';
import { createJobQueue } from './jobs/boss.ts';
import { createLogger } from './platform/logger.ts';
import { dbRateLimiter, redisRateLimiter } from './platform/rate-limit.ts';
import { connectRedis } from './platform/redis.ts';
import { loadKeys } from './platform/secrets.ts';
import { seedDemo } from './seed/demo.ts';
import { createServices, jobsOf } from './services.ts';

const config = loadConfig();
const logger = createLogger(config.logLevel);

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
});
logger.info({ database: database.kind }, 'database ready, migrations applied');
const keys = await loadKeys(config.secretKey, config.dataDir, config.previousSecretKeys);
const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
const limiter = redis ? redisRateLimiter(redis, config.redisKeyPrefix) : dbRateLimiter(database.db);

if (config.seedDemo) {
  await seedDemo(database.db, { encryptionKey: keys.encryption, simUrl: config.demoSimUrl });
  logger.info('demo providers seeded');
}

const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.smtpFrom, outboxDir: config.outboxDir });
if (!config.smtpUrl)
  logger.warn({ outbox: config.outboxDir }, 'SMTP_URL is not set: e-mails are written to the outbox folder');

const queue = createJobQueue(database, logger, { maintenanceIntervalSeconds: config.jobMaintenanceSeconds });
const services = createServices({ config, database, keys, limiter, mailer, logger, queue });
let working = false;
const app = await buildApp({ config, database, services, logger, jobsReady: () => !config.jobs || working });
const jobs = jobsOf(services, database);
// Every process declares the queues' policies (it may send jobs); only JOBS=on processes work them.
queue.define(jobs);
if (config.jobs) {
  await queue.work(jobs);
  working = true;
}
await app.listen({ host: config.host, port: config.port });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    await app.close();
    await queue.stop();
    await services.push.close();
    await redis?.quit();
    mailer.close();
    await services.tenants.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    logger.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
