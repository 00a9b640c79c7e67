import Form from 'react-bootstrap/Form';
import { errorMessage } from '@/lib/messages';
import { useSavePhotoRequired } from './api/save-photo-required';
import { statusMessages as messages } from './status-messages';

/** `Foto påkrævet` (issue 36): readers must send a photo with each reading; saved at each change. */
export function PhotoRequiredSetting({ accountId, value }: { accountId: string; value: boolean }) {
  const save = useSavePhotoRequired(accountId);
  // What was chosen last shows until the account's status is read again with it.
  const checked = save.isPending || save.isSuccess ? (save.variables ?? value) : value;
  return (
    <Form.Group controlId="admin-photo-required" className="mb-3">
      <Form.Check
        type="checkbox"
        className="photo-required-check"
        label={messages.photoRequired}
        checked={checked}
        disabled={save.isPending}
        aria-describedby="admin-photo-required-hint"
        onChange={(event) => save.mutate(event.currentTarget.checked)}
      />
      <p id="admin-photo-required-hint" className="form-text mb-0">
        {messages.photoRequiredHint}
      </p>
      <p role="status" className={save.isSuccess ? 'form-text' : 'visually-hidden'}>
        {save.isSuccess ? messages.photoRequiredSaved : ''}
      </p>
      {save.isError && (
        <p role="alert" className="text-danger">
          {messages.photoRequiredFailed(errorMessage(save.error))}
        </p>
      )}
    </Form.Group>
  );
}
