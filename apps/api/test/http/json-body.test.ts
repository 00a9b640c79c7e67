import { type Gateway, GatewayTree } from '@maaler/contract';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { jsonBody } from '../../src/http/json-body.ts';

const route = { method: 'GET', url: '/api/gateway/loadlistsimple/:accountId' };
const request = { method: route.method, routeOptions: { url: route.url } };
/** What the route's own serializer would send. */
const serialize = serializerCompiler({ schema: GatewayTree, ...route });

const gateway: Gateway = {
  GatewayId: 1,
  Name: 'Søparken 12, kælder',
  DeviceList: [
    {
      DeviceId: 2,
      Name: 'Varmemåler',
      Type: 'heat',
      Manual: true,
      InstalledOn: null,
      Serial: 'VAR-1',
      DeviceItemList: [
        {
          DeviceItemId: 3,
          Name: 'Energi',
          Unit: 'MWh',
          LastValue: '1234,5',
          LastDateValue: '2026-11-01',
          LastDateValueFormatted: '01-11-2026',
          Expected: { min: 1240, max: 1260.25 },
          RegisterDigits: null,
          CountsUpOnly: false,
        },
      ],
    },
  ],
};

describe('jsonBody', () => {
  it('gives exactly the text the route serializer sends, unknown fields dropped', () => {
    const withExtra = [{ ...gateway, internal: 'not for the wire' }];
    const body = jsonBody(GatewayTree, withExtra, request);
    expect(body).toBe(serialize(withExtra));
    expect(JSON.parse(body)).toEqual([gateway]);
  });

  it('refuses a value that breaks the contract with the serializer error (a 500)', () => {
    const broken = [{ ...gateway, GatewayId: -1 }];
    expect(() => serialize(broken)).toThrow(ResponseSerializationError);
    const error = (() => {
      try {
        jsonBody(GatewayTree, broken, request);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(ResponseSerializationError);
    expect(error).toMatchObject({ statusCode: 500, method: route.method, url: route.url });
  });
});
