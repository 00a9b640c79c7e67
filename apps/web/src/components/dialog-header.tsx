import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { commonMessages } from '@/lib/messages';

/** A dialog's title (an h2 whose `id` the dialog's aria-labelledby names) and its 'Luk' button. */
export function DialogHeader({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Modal.Header closeButton closeLabel={commonMessages.close}>
      <Modal.Title as="h2" id={id} className="h5">
        {children}
      </Modal.Title>
    </Modal.Header>
  );
}
