import type { AdminUser, CreateUserRequest } from '@maaler/contract';
import { useState } from 'react';
import { errorMessage } from '@/lib/messages';
import { type UserAction, useCreateUser, useEditUser, useResetPassword, useUserAction } from './api/users';
import { usersMessages as messages } from './users-messages';

const ACTION_DONE: Record<UserAction, (name: string) => string> = {
  disable: messages.disabledDone,
  enable: messages.enabledDone,
  unlock: messages.unlockedDone,
};

/** The dialog open: `Ny bruger` or `Rediger` of one user. */
export type UserDialogState = { kind: 'create' } | { kind: 'edit'; user: AdminUser } | null;

/**
 * What the administrator does to users in `Brugere`: the dialog to create or edit one, the question
 * before a password reset, the actions, and the one notice saying what was done (a temporary
 * password is shown there once).
 */
export function useUserChanges() {
  const create = useCreateUser();
  const edit = useEditUser();
  const action = useUserAction();
  const reset = useResetPassword();
  const [dialog, setDialog] = useState<UserDialogState>(null);
  const [asking, setAsking] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState('');

  const openDialog = (opened: UserDialogState) => {
    setNotice('');
    setDialog(opened);
  };
  const closeDialog = () => {
    create.reset();
    edit.reset();
    setDialog(null);
  };
  const save = (form: CreateUserRequest) => {
    setNotice('');
    if (dialog?.kind === 'edit') {
      const change = { name: form.name, role: form.role, accountIds: form.accountIds };
      edit.mutate(
        { userId: dialog.user.guid, change },
        {
          onSuccess: (user) => {
            setDialog(null);
            setNotice(messages.savedUser(user.name));
          },
        },
      );
    } else {
      create.mutate(form, {
        onSuccess: (created) => {
          setDialog(null);
          const { email } = created.user;
          const password = created.temporaryPassword;
          setNotice(password === null ? messages.invitedUser(email) : messages.createdUser(email, password));
        },
      });
    }
  };
  const act = (user: AdminUser, chosen: UserAction) => {
    setNotice('');
    action.mutate(
      { userId: user.guid, action: chosen },
      { onSuccess: () => setNotice(ACTION_DONE[chosen](user.name)) },
    );
  };
  const askReset = (user: AdminUser) => {
    setNotice('');
    setAsking(user);
  };
  const confirmReset = (user: AdminUser) => {
    setAsking(null);
    reset.mutate(user.guid, {
      onSuccess: (password) => setNotice(messages.temporaryPassword(user.email, password)),
    });
  };

  const saveError = create.error ?? edit.error;
  const failed = action.error
    ? messages.actionFailed(errorMessage(action.error))
    : reset.error
      ? messages.resetFailed(errorMessage(reset.error))
      : '';
  return {
    dialog,
    openDialog,
    closeDialog,
    save,
    saving: create.isPending || edit.isPending,
    saveError: saveError ? messages.saveFailed(errorMessage(saveError)) : null,
    act,
    busy: action.isPending || reset.isPending,
    failed,
    asking,
    askReset,
    cancelReset: () => setAsking(null),
    confirmReset,
    notice,
    closeNotice: () => setNotice(''),
  };
}
