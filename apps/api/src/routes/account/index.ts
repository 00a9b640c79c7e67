import {
  ACCOUNT_LIST_VERSION,
  AccountDetail,
  AccountIdParams,
  AccountList,
  AccountSettingRequest,
  CustomerIdParams,
  DEFAULT_READING_PERIOD,
  ErrorResponse,
  MAX_SETTINGS_PER_ACCOUNT,
  READING_PERIOD_SETTING,
  READING_PERIODS,
  SuccessResponse,
  UserList,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { upsertAccountSetting } from '../../db/repositories/account-settings.ts';
import { messages } from '../../messages.ts';
import { requireCustomer } from '../../services/organisation/access.ts';
import { accountDetail, accountListOf } from '../../services/organisation/accounts.ts';
import { usersOfAccount } from '../../services/users/users.ts';

const tags = ['Konti'];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `/loadlistbycurrentuser/v2/${ACCOUNT_LIST_VERSION}`,
    {
      schema: {
        description: 'Henter de konti, som den indloggede bruger har adgang til.',
        tags,
        response: { 200: AccountList },
      },
    },
    async (request) => accountListOf(app.db, request.user),
  );

  app.get(
    '/loadlistbycustomer/:customerId',
    {
      schema: {
        description: 'Henter kundens konti, som den indloggede bruger har adgang til.',
        tags,
        params: CustomerIdParams,
        response: { 200: AccountList, 404: ErrorResponse },
      },
    },
    async (request) => {
      const customer = await requireCustomer(app.db, request.user, request.params.customerId);
      return accountListOf(app.db, request.user, customer.id);
    },
  );

  app.get(
    '/loadsimple/:accountId',
    {
      config: { account: 'params.accountId' },
      schema: {
        description: 'Henter kontoen med firmaoplysningerne fra kontoens kunde.',
        tags,
        params: AccountIdParams,
        response: { 200: AccountDetail, 404: ErrorResponse },
      },
    },
    async (request) => accountDetail(app.db, request.account.id),
  );

  app.post(
    '/settingsave',
    {
      config: { account: 'body.accountid' },
      schema: {
        description: `Gemmer en indstilling på kontoen; en eksisterende værdi med samme navn overskrives. Højst ${MAX_SETTINGS_PER_ACCOUNT} indstillinger pr. konto. Serveren bruger selv nøglen ${READING_PERIOD_SETTING} (aflæsningsperioden: ${READING_PERIODS.join(', ')}; ${DEFAULT_READING_PERIOD}, når den ikke er sat); en anden værdi afvises med 400.`,
        tags,
        body: AccountSettingRequest,
        response: { 200: SuccessResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const stored = await upsertAccountSetting(
        app.db,
        {
          accountId: request.account.id,
          key: request.body.key,
          value: request.body.value,
          updatedAt: app.clock.now().toISOString(),
        },
        MAX_SETTINGS_PER_ACCOUNT,
      );
      return stored ? { Success: true, Message: '' } : { Success: false, Message: messages.tooManySettings };
    },
  );

  app.get(
    '/loaduserlistbyaccount/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description: 'Henter kontoens brugere (kun for administratorer).',
        tags,
        params: AccountIdParams,
        response: { 200: UserList, 404: ErrorResponse },
      },
    },
    async (request) => usersOfAccount(app.db, request.account, request.user),
  );
};
