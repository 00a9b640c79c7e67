import {
  AccountIdParams,
  AssignTaskRequest,
  CloseTaskRequest,
  CommentTaskRequest,
  DeviceAccountParams,
  ErrorResponse,
  MeterTaskHistory,
  SuccessResponse,
  TaskAccountParams,
  TaskList,
  TaskListQuery,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignTask,
  closedTasksOfMeter,
  closeTask,
  commentOnTask,
  taskList,
} from '../../services/tasks/task-administration.ts';

const tags = ['Administration'];
const config = { adminOnly: true, account: 'params.accountId' } as const;
const done = { Success: true, Message: '' } as const;
/** Refusals: 400 for a broken field, 404 for a task outside the account, 409 for a closed task. */
const writeResponses = { 200: SuccessResponse, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/** `Opgaver` (issue 37, ADR 047): the office's tasks about meters, from skips and notes marked for follow-up. */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tasks/:accountId',
    {
      config,
      schema: {
        description:
          'Opgaver (kun for administratorer): kontoens åbne (status=open, standard) eller lukkede (status=closed) opgaver, nyeste først, med måler, serienummer, lokation, placering, årsag, bemærkning, hvem og hvornår, tildeling, kommentarer og lukning; samt de medarbejdere, en opgave kan tildeles.',
        tags,
        params: AccountIdParams,
        querystring: TaskListQuery,
        response: { 200: TaskList, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => taskList(app.db, request.account.id, request.query.status),
  );

  app.get(
    '/tasks/meter/:deviceId/:accountId',
    {
      config,
      schema: {
        description: 'Målerens lukkede opgaver, nyeste først: de bliver i målerens historik.',
        tags,
        params: DeviceAccountParams,
        response: { 200: MeterTaskHistory, 404: ErrorResponse },
      },
    },
    async (request) => closedTasksOfMeter(app.db, request.account.id, request.params.deviceId),
  );

  app.post(
    '/tasks/assign/:taskId/:accountId',
    {
      config,
      schema: {
        description:
          'Tildeler en åben opgave til en medarbejder, der når kontoen (UserId), eller til ingen (null). En lukket opgave giver 409.',
        tags,
        params: TaskAccountParams,
        body: AssignTaskRequest,
        response: writeResponses,
      },
    },
    async (request) =>
      app.writeTransaction(async (trx) => {
        const { taskId } = request.params;
        await assignTask(trx, request.account.id, taskId, request.body.UserId);
        await request.securityEvent(
          'task.assigned',
          {
            accountId: request.account.id,
            taskId,
            ...(request.body.UserId ? { targetUserId: request.body.UserId } : {}),
          },
          trx,
        );
        return done;
      }),
  );

  app.post(
    '/tasks/comment/:taskId/:accountId',
    {
      config,
      schema: {
        description: 'Tilføjer en kommentar til en opgave (åben eller lukket).',
        tags,
        params: TaskAccountParams,
        body: CommentTaskRequest,
        response: writeResponses,
      },
    },
    async (request) =>
      app.writeTransaction(async (trx) => {
        const { taskId } = request.params;
        await commentOnTask(trx, {
          accountId: request.account.id,
          taskId,
          text: request.body.Text,
          userId: request.user.id,
          now: app.clock.now(),
        });
        await request.securityEvent('task.commented', { accountId: request.account.id, taskId }, trx);
        return done;
      }),
  );

  app.post(
    '/tasks/close/:taskId/:accountId',
    {
      config,
      schema: {
        description:
          'Luk opgave: lukker en åben opgave med en bemærkning (hvem og hvornår); den bliver i målerens historik. En lukket opgave giver 409.',
        tags,
        params: TaskAccountParams,
        body: CloseTaskRequest,
        response: writeResponses,
      },
    },
    async (request) =>
      app.writeTransaction(async (trx) => {
        const { taskId } = request.params;
        await closeTask(trx, {
          accountId: request.account.id,
          taskId,
          note: request.body.Note,
          userId: request.user.id,
          now: app.clock.now(),
        });
        await request.securityEvent('task.closed', { accountId: request.account.id, taskId }, trx);
        return done;
      }),
  );
};
