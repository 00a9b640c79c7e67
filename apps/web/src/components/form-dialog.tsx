import type { FormEvent, ReactNode, Ref } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { DialogHeader } from './dialog-header';
import { FormError } from './form-error';

type FormDialogProps = {
  /** The id of the title, which names the dialog. */
  titleId: string;
  title: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  cancelLabel: string;
  submitLabel: string;
  /** The form is being sent (or what it needs is loading): the submit waits, cancel still closes. */
  busy: boolean;
  /** The submit has nothing to do yet. */
  submitDisabled?: boolean;
  /** Why the last attempt failed, under the fields. */
  error?: string | null | undefined;
  /** A long form scrolls inside the dialog. */
  scrollable?: boolean;
  /** The dialog has finished opening. */
  onEntered?: () => void;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
};

/** A dialog that holds a form: its title, the fields, why it was refused, then cancel and submit. */
export function FormDialog({
  titleId,
  title,
  onSubmit,
  onClose,
  cancelLabel,
  submitLabel,
  busy,
  submitDisabled = false,
  error,
  scrollable,
  onEntered,
  formRef,
  children,
}: FormDialogProps) {
  return (
    <Modal
      show
      onHide={onClose}
      onEntered={onEntered}
      aria-labelledby={titleId}
      centered
      scrollable={scrollable}
    >
      <form noValidate onSubmit={onSubmit} ref={formRef} aria-busy={busy}>
        <DialogHeader id={titleId}>{title}</DialogHeader>
        <Modal.Body>
          {children}
          <FormError text={error} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="primary" disabled={busy || submitDisabled}>
            {submitLabel}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
