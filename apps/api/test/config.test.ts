import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp } from './helpers/test-app.ts';

const trustProxyOf = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }, []).trustProxy;

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, a hop count, or a list of addresses and ranges', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('')).toBe(false);
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('10.0.0.5, 192.168.0.0/16,::1')).toEqual(['10.0.0.5', '192.168.0.0/16', '::1']);
  });

  it('refuses "trust everything" and anything that is not an address', () => {
    for (const value of ['true', 'all', '10.0.0.300', '10.0.0.0/33', 'proxy.example.dk']) {
      expect(() => trustProxyOf(value), value).toThrow(/TRUST_PROXY/);
    }
  });

  it('takes X-Request-Id only from a trusted proxy, and only when it is short and plain', async () => {
    const requestIdOf = async (env: Record<string, string>, header: string) => {
      const t = await createTestApp({ env, demo: false });
      try {
        const res = await t.inject({
          method: 'GET',
          url: '/api/health/live',
          headers: { 'x-request-id': header },
        });
        return res.headers['x-request-id'];
      } finally {
        await t.close();
      }
    };
    // inject() connects from 127.0.0.1.
    expect(await requestIdOf({ TRUST_PROXY: '127.0.0.1' }, 'proxy-id-42')).toBe('proxy-id-42');
    expect(await requestIdOf({ TRUST_PROXY: '1' }, 'proxy-id-42')).toBe('proxy-id-42');
    expect(await requestIdOf({ TRUST_PROXY: '10.9.9.9' }, 'proxy-id-42')).not.toBe('proxy-id-42');
    expect(await requestIdOf({}, 'proxy-id-42')).not.toBe('proxy-id-42');
    expect(await requestIdOf({ TRUST_PROXY: '1' }, 'x'.repeat(129))).toMatch(/^[0-9a-f-]{36}$/);
    expect(await requestIdOf({ TRUST_PROXY: '1' }, 'bad id\u0001')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('PHOTO_STORE', () => {
  const photoStoreOf = (value: string | undefined) => loadConfig({ PHOTO_STORE: value }, []).photoStore;

  it('keeps photos in the database unless an s3:// bucket is named, the prefix ending in one slash', () => {
    expect(photoStoreOf(undefined)).toEqual({ kind: 'database' });
    expect(photoStoreOf('')).toEqual({ kind: 'database' });
    expect(photoStoreOf('s3://maaler-fotos')).toEqual({ kind: 's3', bucket: 'maaler-fotos', prefix: '' });
    expect(photoStoreOf('s3://maaler-fotos/prod/fotos/')).toEqual({
      kind: 's3',
      bucket: 'maaler-fotos',
      prefix: 'prod/fotos/',
    });
  });

  it('refuses anything but s3://bucket[/prefix]', () => {
    for (const value of ['maaler-fotos', 'https://s3.example.dk/b', 's3://', 's3://UPPER/x']) {
      expect(() => photoStoreOf(value), value).toThrow(/PHOTO_STORE/);
    }
  });
});
