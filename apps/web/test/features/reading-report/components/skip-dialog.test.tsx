import { SKIP_REASONS } from '@maaler/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import SkipDialog from '@/features/reading-report/components/skip-dialog';
import { routeDialogMessages as messages } from '@/features/reading-report/route-dialog-messages';
import { renderUi } from '../../../support/render-ui';

function renderSkipDialog(overrides: Partial<Parameters<typeof SkipDialog>[0]> = {}) {
  const onSkip = vi.fn();
  const onClose = vi.fn();
  const view = renderUi(
    <SkipDialog
      meterName="Hybenvej 3"
      serial="HYB-003"
      sending={false}
      error={null}
      onSkip={onSkip}
      onClose={onClose}
      {...overrides}
    />,
  );
  return { ...view, onSkip, onClose };
}

describe('SkipDialog (Spring over)', () => {
  it('names the meter and its label, and offers every reason with none chosen', async () => {
    renderSkipDialog();
    const dialog = await screen.findByRole('dialog', { name: messages.skipTitle });
    expect(dialog).toHaveTextContent(messages.skipIntro('Hybenvej 3'));
    expect(dialog).toHaveTextContent('Serienr. HYB-003');
    const group = screen.getByRole('group', { name: messages.reason });
    const radios = SKIP_REASONS.map((reason) => screen.getByRole('radio', { name: reason }));
    expect(radios).toHaveLength(SKIP_REASONS.length);
    for (const radio of radios) {
      expect(group).toContainElement(radio);
      expect(radio).not.toBeChecked();
    }
  });

  it('refuses a skip without a reason, says why and takes the focus to the reasons', async () => {
    const { user, onSkip } = renderSkipDialog();
    await user.click(await screen.findByRole('button', { name: messages.skip }));
    expect(screen.getByRole('group', { name: messages.reason })).toHaveAccessibleDescription(
      messages.reasonRequired,
    );
    expect(screen.getByText(messages.reasonRequired)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('radio', { name: SKIP_REASONS[0] })).toHaveFocus();
    expect(onSkip).not.toHaveBeenCalled();
  });

  it('sends the chosen reason, by keyboard, without a note', async () => {
    const { user, onSkip } = renderSkipDialog();
    await user.click(await screen.findByRole('button', { name: messages.skip }));
    // The focus is on the first reason: an arrow key chooses the next one.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Måler defekt' })).toBeChecked();
    expect(screen.queryByText(messages.reasonRequired)).toBeNull();
    await user.click(screen.getByRole('button', { name: messages.skip }));
    expect(onSkip).toHaveBeenCalledExactlyOnceWith('Måler defekt', undefined, false);
  });

  it('asks for a note when the reason is Andet, and sends it trimmed', async () => {
    const { user, onSkip } = renderSkipDialog();
    await user.click(await screen.findByRole('radio', { name: 'Andet' }));
    const note = screen.getByRole('textbox', { name: messages.note });
    expect(note).toBeRequired();
    await user.type(note, '   ');
    await user.click(screen.getByRole('button', { name: messages.skip }));
    expect(note).toHaveAccessibleDescription(messages.noteRequired);
    expect(note).toBeInvalid();
    expect(onSkip).not.toHaveBeenCalled();

    await user.type(note, ' Hund i haven ');
    expect(note).not.toHaveAccessibleDescription(messages.noteRequired);
    await user.click(screen.getByRole('button', { name: messages.skip }));
    expect(onSkip).toHaveBeenCalledExactlyOnceWith('Andet', 'Hund i haven', false);
  });

  it('marks the note Kræver opfølgning with its checkbox (issue 37)', async () => {
    const { user, onSkip } = renderSkipDialog();
    await user.click(await screen.findByRole('radio', { name: 'Ingen adgang' }));
    await user.type(screen.getByRole('textbox', { name: messages.note }), 'Låst, ring til formanden');
    const followUp = screen.getByRole('checkbox', { name: 'Kræver opfølgning' });
    expect(followUp).not.toBeChecked();
    await user.click(followUp);
    await user.click(screen.getByRole('button', { name: messages.skip }));
    expect(onSkip).toHaveBeenCalledExactlyOnceWith('Ingen adgang', 'Låst, ring til formanden', true);
  });

  it('waits while a skip is being sent, shows why the last one failed, and closes on Annuller', async () => {
    const { user, onClose } = renderSkipDialog({ sending: true, error: 'Måleren kunne ikke springes over.' });
    expect(await screen.findByRole('button', { name: messages.skip })).toBeDisabled();
    expect(screen.getByText('Måleren kunne ikke springes over.')).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: messages.cancel }));
    expect(onClose).toHaveBeenCalled();
  });
});
