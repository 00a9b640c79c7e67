import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SendButton } from '@/features/reading-report/components/send-button';
import { readingReportMessages as messages } from '@/features/reading-report/messages';
import { renderUi } from '../../../support/render-ui';

// Spec §2: SEND when the form is valid and not submitting, a greyed SEND otherwise, SENDER... while saving.
describe('SendButton', () => {
  it('is SEND, enabled and primary, when the form is valid and nothing is being sent', () => {
    renderUi(<SendButton ready submitting={false} saving={false} />);
    const send = screen.getByRole('button', { name: messages.send });
    expect(send).toBeEnabled();
    expect(send).toHaveClass('btn-primary');
  });

  it('is a greyed SEND while the form is not valid', () => {
    renderUi(<SendButton ready={false} submitting={false} saving={false} />);
    const send = screen.getByRole('button', { name: messages.send });
    expect(send).toBeDisabled();
    expect(send).toHaveClass('btn-secondary');
  });

  it('is a greyed SEND while SEND waits for an answer before the readings go, and SENDER... while they go', () => {
    const { rerender } = renderUi(<SendButton ready submitting saving={false} />);
    expect(screen.getByRole('button', { name: messages.send })).toBeDisabled();
    rerender(<SendButton ready submitting saving />);
    const sending = screen.getByRole('button', { name: messages.sending });
    expect(sending).toBeDisabled();
    expect(sending).toHaveClass('btn-secondary');
  });
});
