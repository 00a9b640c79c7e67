// Signing out deletes the device's copies (ADR 031): an IndexedDB in memory holds them here.
import 'fake-indexeddb/auto';
import type { GuaranteedGatewayTree } from '@maaler/contract';
import { act, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ReadingForm } from '@/features/reading-report/components/reading-form';
import { readingReportMessages as messages, routeMessages } from '@/features/reading-report/messages';
import { renderUi } from '../../../support/render-ui';
import { accountChosen, sessionCleared, signedInAs } from '../../../support/session-fixtures';

// Issue 40: on a slow phone every commit of the home form's first mount is a long task. The form
// mounts with the session's copies (the account list and the gateway tree) in its first render, and
// the parts beside the cascade (`Find måler`, the history, the meter's actions) come after the first
// paint without rendering the form again. React's Profiler counts the commits of the form's tree.

const ACCOUNT = { guid: 'konto-1', name: 'Nørrevang erhvervslejemål' };
const TREE: GuaranteedGatewayTree = [
  { GatewayId: 1, Name: 'Rækkehusene, Hybenvej', DeviceList: [] },
  { GatewayId: 2, Name: 'Nørrevang 4, kælder', DeviceList: [] },
];

/** The commits of the form's first mount, most allowed (issue 40: measured at this change). */
const MOST_COMMITS = 3;

// Vitest transforms a lazy part's modules at its first import, which can outlast a query's wait on a
// loaded machine: they are imported once here, so the form's own lazy import finds them ready.
beforeAll(async () => {
  await import('@/features/reading-report/components/find-meter-button');
});

beforeEach(() => {
  signedInAs(0);
  accountChosen(ACCOUNT, TREE);
});

afterEach(sessionCleared);

describe("ReadingForm's first mount", () => {
  it('shows the cascade with the session copies in its first commit, and commits few times in all', async () => {
    const commits: { phase: string; locations: number; findMeter: boolean }[] = [];
    renderUi(
      <Profiler
        id="reading-form"
        onRender={(_id, phase) => {
          const location = screen.queryByRole('combobox', { name: messages.location });
          commits.push({
            phase,
            locations: location?.querySelectorAll('option').length ?? 0,
            findMeter: screen.queryByRole('button', { name: routeMessages.findMeter }) !== null,
          });
        }}
      >
        <ReadingForm />
      </Profiler>,
    );
    // Settled: `Find måler`, the last part to come, is there.
    await screen.findByRole('button', { name: routeMessages.findMeter });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

    expect(commits[0]).toEqual({ phase: 'mount', locations: TREE.length + 1, findMeter: false });
    expect(commits.length).toBeLessThanOrEqual(MOST_COMMITS);
  });
});
