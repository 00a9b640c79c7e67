import {
  AccountIdParams,
  Customer,
  CustomerList,
  CustomerListRequest,
  CustomerSaveRequest,
  ErrorResponse,
  SuccessResponse,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerById, customersFromList, saveCustomer } from '../../services/organisation/customers.ts';

const tags = ['Kunder'];

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/loadlistbyid',
    {
      schema: {
        description:
          'Henter kunderne i en kommasepareret liste af id’er; kun kunder, som brugeren hører til, kommer med.',
        tags,
        body: CustomerListRequest,
        response: { 200: CustomerList },
      },
    },
    async (request) => customersFromList(app.db, request.user, request.body),
  );

  app.get(
    '/loadbyaccount/:accountId',
    {
      config: { account: 'params.accountId' },
      schema: {
        description: 'Henter kunden, som kontoen hører til.',
        tags,
        params: AccountIdParams,
        response: { 200: Customer, 404: ErrorResponse },
      },
    },
    async (request) => customerById(app.db, request.account.customer_id),
  );

  app.post(
    '/savebyaccount/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description: 'Gemmer navn og adresse på kontoens kunde (kun for administratorer).',
        tags,
        params: AccountIdParams,
        body: CustomerSaveRequest,
        response: { 200: SuccessResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      await saveCustomer(app.db, request.account.customer_id, request.body);
      return { Success: true, Message: '' };
    },
  );
};
