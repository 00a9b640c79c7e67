import { AccountList, GatewayTree } from '@maaler/contract';
import type { HttpAnswer, HttpRequest } from '@maaler/test-support/http-client';
import { type Point, pointsOfTree } from './reading-keys.ts';

/** The measurement points of every account the token's user reaches, asked of the API itself. */
export async function pointsByAccount(
  send: (request: HttpRequest) => Promise<HttpAnswer>,
  token: string,
): Promise<Map<string, Point[]>> {
  const list = await send({ method: 'GET', path: '/api/account/loadlistbycurrentuser/v2/9', token });
  const accounts = AccountList.parse(list.body);
  const result = new Map<string, Point[]>();
  for (const account of accounts) {
    const tree = await send({ method: 'GET', path: `/api/gateway/loadlistsimple/${account.guid}`, token });
    result.set(account.guid, pointsOfTree(account.guid, GatewayTree.parse(tree.body)));
  }
  return result;
}
