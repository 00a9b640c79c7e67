import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from '@/features/offline-readings/components/offline-banner';
import { offlineReadingsMessages as messages } from '@/features/offline-readings/messages';
import { renderUi } from '../../support/render-ui';

/** What the browser says about the connection, with the event it fires on a change. */
function connection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OfflineBanner', () => {
  it('says nothing while there is a connection, in a live region that is already there', () => {
    connection(true);
    renderUi(<OfflineBanner />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says that readings are kept on the device when the connection goes, and stops when it is back', () => {
    connection(true);
    renderUi(<OfflineBanner />);
    act(() => connection(false));
    expect(screen.getByRole('status')).toHaveTextContent(messages.offline);
    act(() => connection(true));
    expect(screen.queryByText(messages.offline)).toBeNull();
  });

  it('says it at once when the page opens without a connection', () => {
    connection(false);
    renderUi(<OfflineBanner />);
    expect(screen.getByRole('status')).toHaveTextContent(messages.offline);
  });
});
