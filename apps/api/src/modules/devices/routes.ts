import {
  acsCheckResponse,
  deviceSchema,
  deviceSerialParam,
  devicesResponse,
  wifiPasswordBody,
  wifiPasswordResponse,
  wlanPathParam,
} from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteDeps } from '../../app.ts';
import { errorResponses } from '../../platform/error-handler.ts';

/**
 * The device service (spec §7.8) under /api/acs: the session customer's routers, found in the provider's
 * GenieACS through the PPPoE logins its ERP lists for the customer, and their Wi-Fi passwords.
 */
export const deviceRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.addHook('onRequest', auth.requireCustomer);
  const { devices } = services;

  app.get(
    '/customer/check',
    {
      config: { erpError: 'DEVICES_FAILED' },
      schema: {
        tags: ['devices'],
        summary: 'Whether the devices area exists: the provider has an ACS and the customer a PPPoE login',
        response: { 200: acsCheckResponse, ...errorResponses },
      },
    },
    async (request) => devices.check(request.tenant, request.customer),
  );

  app.get(
    '/devices',
    {
      config: { erpError: 'DEVICES_FAILED' },
      schema: {
        tags: ['devices'],
        summary: "The customer's routers, by the PPPoE logins of their contracts",
        response: { 200: devicesResponse, ...errorResponses },
      },
    },
    async (request) => ({ devices: await devices.list(request.tenant, request.customer) }),
  );

  app.get(
    '/device/:serial',
    {
      config: { erpError: 'DEVICES_FAILED' },
      schema: {
        tags: ['devices'],
        summary: "One of the customer's routers, by serial number",
        params: z.object({ serial: deviceSerialParam }),
        response: { 200: deviceSchema, ...errorResponses },
      },
    },
    async (request) => devices.get(request.tenant, request.customer, request.params.serial),
  );

  app.patch(
    '/device/:serial/:path',
    {
      config: { erpError: 'DEVICE_PASSWORD_FAILED' },
      schema: {
        tags: ['devices'],
        summary: 'Sets the password of one Wi-Fi network (`{lanDeviceIndex},{wlanConfigIndex}`)',
        params: z.object({ serial: deviceSerialParam, path: wlanPathParam }),
        body: wifiPasswordBody,
        response: { 200: wifiPasswordResponse, ...errorResponses },
      },
    },
    async (request) =>
      devices.changePassword(
        request.tenant,
        request.customer,
        request.params.serial,
        request.params.path,
        request.body.password,
      ),
  );
};
