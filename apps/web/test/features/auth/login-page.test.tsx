import { MESSAGES } from '@maaler/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '@/features/auth/components/login-page';
import { authMessages as messages } from '@/features/auth/messages';
import { localKeys } from '@/lib/browser-storage/plain-keys';
import { renderUi } from '../../support/render-ui';

afterEach(() => {
  localStorage.clear();
});

const email = () => screen.getByRole('textbox', { name: messages.email });
const password = () => screen.getByLabelText(messages.password);
const submit = () => screen.getByRole('button', { name: messages.submit });

// Only the checks before anything is sent: a valid submit signs in against a server (browser tests).
describe('LoginPage: what the form says before it sends', () => {
  it('refuses an empty form with both fields’ texts and takes the focus to the e-mail', async () => {
    const { user } = renderUi(<LoginPage />);
    await user.click(submit());
    expect(email()).toHaveAccessibleDescription(MESSAGES.emailRequired);
    expect(email()).toBeInvalid();
    expect(password()).toHaveAccessibleDescription(MESSAGES.passwordRequired);
    expect(email()).toHaveFocus();
  });

  it('sends nothing while a field is wrong: an e-mail that is no address is refused on submit', async () => {
    const requests = vi.spyOn(globalThis, 'fetch');
    const { user } = renderUi(<LoginPage />);
    await user.click(submit());
    await user.type(email(), 'ikke-en-adresse');
    await user.type(password(), 'demo1234');
    await user.click(submit());
    expect(email()).toHaveAccessibleDescription(MESSAGES.emailInvalid);
    expect(email()).toHaveFocus();
    expect(password()).not.toBeInvalid();
    expect(requests).not.toHaveBeenCalled();
  });

  it('checks a field first when it is left, then at every key', async () => {
    const { user } = renderUi(<LoginPage />);
    await user.click(email());
    await user.keyboard('tekniker');
    expect(email()).not.toHaveAccessibleDescription(MESSAGES.emailInvalid);
    await user.tab();
    expect(email()).toHaveAccessibleDescription(MESSAGES.emailInvalid);
    expect(password()).toHaveFocus();
    await user.click(email());
    await user.keyboard('@eksempel.dk');
    expect(email()).not.toBeInvalid();
    expect(email()).not.toHaveAccessibleDescription();
  });

  it('takes the focus to the first field to fix: the password when only it is empty', async () => {
    const { user } = renderUi(<LoginPage />);
    await user.type(email(), 'tekniker@eksempel.dk');
    await user.keyboard('{Enter}');
    expect(password()).toHaveFocus();
    expect(password()).toHaveAccessibleDescription(MESSAGES.passwordRequired);
    expect(email()).not.toBeInvalid();
  });

  it('fills in the remembered e-mail with Husk mig ticked', () => {
    localKeys.rememberme.set(true);
    localKeys.email.set('kunde@eksempel.dk');
    renderUi(<LoginPage />);
    expect(email()).toHaveValue('kunde@eksempel.dk');
    expect(screen.getByRole('checkbox', { name: messages.rememberMe })).toBeChecked();
  });

  it('starts empty with Husk mig not ticked when nobody asked to be remembered', () => {
    renderUi(<LoginPage />);
    expect(email()).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: messages.rememberMe })).not.toBeChecked();
  });
});
