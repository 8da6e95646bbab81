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
import type { RouteDeps } from '../../app.ts';
import { errorResponses } from '../../platform/error-handler.ts';
import { FLOW_TTL_MINUTES, RECOVERY_COOKIE } from './service.ts';

/** Password recovery and first access (spec §4 Password recovery, §7.1), and the panel's password change. */
export const recoveryRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  const { recovery } = services;
  // The panel's change (with the current password) is the subscriber's; every other call is public.
  app.addHook(
    'preHandler',
    auth.requireCustomerWhen(
      (request) => (request.body as { currentPassword?: string })?.currentPassword !== undefined,
    ),
  );
  const cookie = {
    path: '/api/central',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: auth.secureCookies,
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
      const token = await recovery.start(request.tenant, {
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
      return recovery.protectedEmails(request.tenant, request.cookies[RECOVERY_COOKIE]);
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
      const sent = await recovery.sendCode(request.tenant, {
        token: request.cookies[RECOVERY_COOKIE],
        mailIndex: request.body.mailIndex,
        ip: request.ip,
      });
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
      await recovery.checkCodeStep(request.tenant, request.cookies[RECOVERY_COOKIE]);
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
      const token = await recovery.verifyCode(
        request.tenant,
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
      await recovery.checkPasswordStep(request.tenant, request.cookies[RECOVERY_COOKIE]);
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
      const { currentPassword, newPassword } = request.body;
      if (currentPassword !== undefined) {
        await recovery.changePassword(request.tenant, request.customer, { currentPassword, newPassword });
        return { message: messages.passwordUpdated };
      }
      await recovery.setPassword(request.tenant, request.cookies[RECOVERY_COOKIE], newPassword);
      reply.clearCookie(RECOVERY_COOKIE, { path: cookie.path });
      return { message: messages.passwordChanged };
    },
  );
};
