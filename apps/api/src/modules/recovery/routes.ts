import {
  checkCpfCnpjBody,
  checkCpfCnpjResponse,
  checkVerificationCodeBody,
  editPasswordBody,
  editPasswordResponse,
  messages,
  protectedEmailsResponse,
  sendVerificationCodeBody,
  sendVerificationCodeResponse,
  stepValidResponse,
} from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/route-helpers.ts';
import type { Sessions } from '../../platform/sessions.ts';
import type { TenantResolver } from '../../platform/tenancy.ts';
import { FLOW_TTL_MINUTES, RECOVERY_COOKIE, type RecoveryService } from './service.ts';

interface Deps {
  tenants: TenantResolver;
  sessions: Sessions;
  recovery: RecoveryService;
  secureCookies: boolean;
}

/** Password recovery and first access (spec §4 Password recovery, §7.1), and the panel's password change. */
export const recoveryRoutes: FastifyPluginAsyncZod<Deps> = async (
  app,
  { tenants, sessions, recovery, secureCookies },
) => {
  const cookie = {
    path: '/api/central',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: secureCookies,
    maxAge: FLOW_TTL_MINUTES * 60,
  };

  app.post(
    '/check/cpf-cnpj',
    {
      schema: {
        tags: ['recovery'],
        summary: 'Starts a password recovery or first access for an active customer with an e-mail',
        body: checkCpfCnpjBody,
        response: { 200: checkCpfCnpjResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tenant = await tenants.fromRequest(request);
      const token = await recovery.start(tenant, {
        document: request.body.cpfCnpj,
        firstAccess: request.body.firstAccess ?? false,
        ip: request.ip,
      });
      reply.setCookie(RECOVERY_COOKIE, token, cookie);
      return { step: 'choose_email' as const };
    },
  );

  app.get(
    '/customer/list/protected-emails',
    {
      schema: {
        tags: ['recovery'],
        summary: "The recovering customer's e-mails, masked",
        response: { 200: protectedEmailsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const tenant = await tenants.fromRequest(request);
      return recovery.protectedEmails(tenant, request.cookies[RECOVERY_COOKIE]);
    },
  );

  app.post(
    '/send/verification-code/mail',
    {
      schema: {
        tags: ['recovery'],
        summary: 'E-mails a 9-digit code, valid 10 minutes, to one of the customer e-mails',
        body: sendVerificationCodeBody,
        response: { 200: sendVerificationCodeResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tenant = await tenants.fromRequest(request);
      const sent = await recovery.sendCode(
        tenant,
        { token: request.cookies[RECOVERY_COOKIE], mailIndex: request.body.mailIndex, ip: request.ip },
        request.log,
      );
      reply.setCookie(RECOVERY_COOKIE, sent.token, cookie);
      return { email: sent.email, expiresInMinutes: sent.expiresInMinutes };
    },
  );

  app.get(
    '/auth/verification-code-token',
    {
      schema: {
        tags: ['recovery'],
        summary: 'Whether a code was sent in this recovery',
        response: { 200: stepValidResponse, ...errorResponses },
      },
    },
    async (request) => {
      const tenant = await tenants.fromRequest(request);
      await recovery.checkCodeStep(tenant, request.cookies[RECOVERY_COOKIE]);
      return { valid: true as const };
    },
  );

  app.post(
    '/check/verification-code',
    {
      schema: {
        tags: ['recovery'],
        summary: 'Checks the e-mailed code (5 tries)',
        body: checkVerificationCodeBody,
        response: { 200: stepValidResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tenant = await tenants.fromRequest(request);
      const token = await recovery.verifyCode(
        tenant,
        request.cookies[RECOVERY_COOKIE],
        request.body.verificationCode,
      );
      reply.setCookie(RECOVERY_COOKIE, token, cookie);
      return { valid: true as const };
    },
  );

  app.get(
    '/auth/change-password-token',
    {
      schema: {
        tags: ['recovery'],
        summary: 'Whether the code of this recovery was verified',
        response: { 200: stepValidResponse, ...errorResponses },
      },
    },
    async (request) => {
      const tenant = await tenants.fromRequest(request);
      await recovery.checkPasswordStep(tenant, request.cookies[RECOVERY_COOKIE]);
      return { valid: true as const };
    },
  );

  app.put(
    '/customer/edit/password',
    {
      schema: {
        tags: ['recovery'],
        summary: 'Sets the password: after a verified code (new + confirm) or in the panel (current + new)',
        body: editPasswordBody,
        response: { 200: editPasswordResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tenant = await tenants.fromRequest(request);
      const { currentPassword, newPassword } = request.body;
      if (currentPassword !== undefined) {
        const session = await sessions.customer(request, tenant);
        await recovery.changePassword(tenant, session, { currentPassword, newPassword }, request.log);
        return { message: messages.passwordUpdated };
      }
      await recovery.setPassword(tenant, request.cookies[RECOVERY_COOKIE], newPassword, request.log);
      reply.clearCookie(RECOVERY_COOKIE, { path: cookie.path });
      return { message: messages.passwordChanged };
    },
  );
};
