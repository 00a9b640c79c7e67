import { SET_PASSWORD_PATH } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';

describe('paths', () => {
  it('opens the set-password page where the server puts its e-mail links', () => {
    expect(paths.setPassword).toBe(SET_PASSWORD_PATH);
  });
});
