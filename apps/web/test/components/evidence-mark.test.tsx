import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EvidenceMark } from '@/components/reading-photo/evidence-mark';
import { evidenceMessages as messages } from '@/components/reading-photo/evidence-messages';
import { renderUi } from '../support/render-ui';

const NOTE_ONLY = {
  accountId: '5b0f6f3c-5f43-4d8e-9a59-8f4a8f4c1a01',
  note: 'Måleren sidder bag hylden',
  date: '14-03-2026',
  by: 'Tekniker',
};

// A reading's mark in the history and `Til kontrol` (issue 36); a note needs no server, a photo does
// (the browser tests show that part).
describe('EvidenceMark', () => {
  it('is absent from a reading without photo and note', () => {
    renderUi(<EvidenceMark evidence={{ ...NOTE_ONLY, note: undefined }} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens the note with its date and author by keyboard, and Escape gives the focus back', async () => {
    const user = userEvent.setup();
    renderUi(<EvidenceMark evidence={NOTE_ONLY} />);
    const mark = screen.getByRole('button', { name: messages.openEvidence('14-03-2026') });
    expect(mark).toHaveTextContent(messages.noteMark);
    mark.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: messages.dialogTitle });
    expect(dialog).toHaveTextContent('Måleren sidder bag hylden');
    expect(dialog).toHaveTextContent(messages.takenBy('14-03-2026', 'Tekniker'));
    expect(dialog).toHaveTextContent(messages.noPhoto);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(mark).toHaveFocus());
  });
});
