import type { PointStatus } from '@maaler/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import RouteDialog from '@/features/reading-report/components/route-dialog';
import { routeMessages as messages } from '@/features/reading-report/messages';
import { routeDialogMessages as dialogMessages } from '@/features/reading-report/route-dialog-messages';
import type { RouteMeter } from '@/features/reading-report/route-status';
import { commonMessages } from '@/lib/messages';
import { renderUi } from '../../../support/render-ui';

const meter = (
  gatewayId: number,
  deviceId: number,
  status: PointStatus,
  serial: string | null = null,
): RouteMeter => ({
  gatewayId,
  gatewayName: gatewayId === 1 ? 'Rækkehusene, Hybenvej' : 'Kælderen',
  deviceId,
  name: `Hybenvej ${deviceId}`,
  serial,
  status,
});

// Route order: Hybenvej first (its sequence), its meters up the odd side; the cellar last.
const route: RouteMeter[] = [
  meter(1, 1, 'Aflæst', 'HYB-001'),
  meter(1, 3, 'Mangler', 'HYB-003'),
  meter(1, 5, 'Sprunget over'),
  meter(2, 7, 'Mangler'),
];

function renderRoute(meters: RouteMeter[] | null, error: string | null = null) {
  const onChoose = vi.fn();
  const onClose = vi.fn();
  return {
    ...renderUi(
      <RouteDialog accountId="konto-1" meters={meters} error={error} onChoose={onChoose} onClose={onClose} />,
    ),
    onChoose,
    onClose,
  };
}

/** The meters listed, per location, as `name: status`. */
function listed(): string[][] {
  return screen.getAllByRole('region').map((location) => [
    within(location).getByRole('heading').textContent ?? '',
    ...within(location)
      .getAllByRole('button')
      .map((row) => row.textContent ?? ''),
  ]);
}

describe('RouteDialog (Rute)', () => {
  it('says it is loading the route, and why it could not', async () => {
    const { unmount } = renderRoute(null);
    expect(await screen.findByRole('status')).toHaveTextContent(messages.loading);
    unmount();
    renderRoute(null, 'Ingen forbindelse');
    expect(await screen.findByText('Ingen forbindelse')).toHaveAttribute('role', 'alert');
    expect(screen.queryByText(messages.loading)).toBeNull();
  });

  it('lists the locations and meters in route order with status, serial and how many are read', async () => {
    renderRoute(route);
    const dialog = await screen.findByRole('dialog', { name: messages.routeTitle });
    expect(dialog).toHaveTextContent(messages.progress(1, 4));
    expect(listed()).toEqual([
      [
        'Rækkehusene, Hybenvej',
        'Hybenvej 1Serienr. HYB-001 Aflæst',
        'Hybenvej 3Serienr. HYB-003 Mangler',
        'Hybenvej 5 Sprunget over',
      ],
      ['Kælderen', 'Hybenvej 7 Mangler'],
    ]);
  });

  it('shows only the missing meters under Kun manglende, and all again without it', async () => {
    const { user } = renderRoute(route);
    const filter = await screen.findByRole('checkbox', { name: messages.onlyMissing });
    await user.click(filter);
    expect(listed()).toEqual([
      ['Rækkehusene, Hybenvej', 'Hybenvej 3Serienr. HYB-003 Mangler'],
      ['Kælderen', 'Hybenvej 7 Mangler'],
    ]);
    // The count stays that of the whole route.
    expect(screen.getByRole('dialog')).toHaveTextContent(messages.progress(1, 4));
    await user.keyboard(' ');
    expect(filter).not.toBeChecked();
    expect(listed().flat()).toHaveLength(6);
  });

  it('says when nothing is missing: all read, or none missing when some were skipped', async () => {
    const { user, unmount } = renderRoute([meter(1, 1, 'Aflæst'), meter(1, 3, 'Aflæst')]);
    await user.click(await screen.findByRole('checkbox', { name: messages.onlyMissing }));
    expect(screen.getByText(messages.allRead)).toBeInTheDocument();
    unmount();
    const second = renderRoute([meter(1, 1, 'Aflæst'), meter(1, 3, 'Sprunget over')]);
    await second.user.click(await screen.findByRole('checkbox', { name: messages.onlyMissing }));
    expect(screen.getByText(messages.noneMissing)).toBeInTheDocument();
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  it('hands the chosen meter to the form, by tap or by keyboard', async () => {
    const { user, onChoose } = renderRoute(route);
    await user.click(await screen.findByRole('button', { name: /Hybenvej 7/ }));
    expect(onChoose).toHaveBeenLastCalledWith(expect.objectContaining({ gatewayId: 2, deviceId: 7 }));
    screen.getByRole('button', { name: /Hybenvej 3/ }).focus();
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenLastCalledWith(expect.objectContaining({ gatewayId: 1, deviceId: 3 }));
  });

  it('closes on Luk and on Escape', async () => {
    const { user, onClose } = renderRoute(route);
    await user.click(await screen.findByRole('button', { name: commonMessages.close }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('shows a meter’s placement, access and open defect in its row (issue 37)', () => {
    renderRoute([
      {
        ...meter(1, 1, 'Mangler'),
        notes: {
          location: { Placement: 'Kælder, bag trappen' },
          meter: { Access: 'Nøgle hos viceværten', OpenDefect: true },
        },
      },
      meter(1, 3, 'Mangler'),
    ]);
    const [first, second] = screen.getAllByRole('button', { name: /Hybenvej/ });
    expect(first?.textContent).toContain('Placering: Kælder, bag trappen');
    expect(first?.textContent).toContain('Adgang: Nøgle hos viceværten');
    expect(first?.textContent).toContain('Meldt defekt');
    expect(second?.textContent).not.toMatch(/Placering|Adgang|Meldt defekt/);
  });

  it('shows Mine first when the office assigned meters to this reader, Alle on request (ADR 048)', async () => {
    const assigned = (m: RouteMeter, to: 'mine' | 'other'): RouteMeter => ({
      ...m,
      notes: { location: {}, meter: { Assigned: to } },
    });
    const { user } = renderRoute([
      assigned(route[0] as RouteMeter, 'mine'),
      assigned(route[1] as RouteMeter, 'mine'),
      assigned(route[2] as RouteMeter, 'other'),
      route[3] as RouteMeter,
    ]);
    const mine = await screen.findByRole('radio', { name: dialogMessages.mine });
    expect(mine).toBeChecked();
    expect(listed().map((location) => location.slice(1).map((row) => row.split(' ')[1]))).toEqual([
      ['1Serienr.', '3Serienr.'],
    ]);
    // The count is that of the reader's part.
    expect(screen.getByRole('dialog')).toHaveTextContent(messages.progress(1, 2));
    await user.click(screen.getByRole('radio', { name: dialogMessages.all }));
    expect(listed().flat()).toHaveLength(6);
    expect(screen.getByRole('button', { name: /Hybenvej 5/ })).toHaveTextContent(
      dialogMessages.assignedToOther,
    );
    expect(screen.getByRole('dialog')).toHaveTextContent(messages.progress(1, 4));
  });

  it('offers no Mine or Alle while nothing is assigned to this reader', async () => {
    renderRoute(route);
    await screen.findByRole('checkbox', { name: messages.onlyMissing });
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
