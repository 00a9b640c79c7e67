import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from '@/features/administration/components/pager';
import { administrationMessages as messages } from '@/features/administration/messages';
import { renderUi } from '../../../support/render-ui';

describe('Pager', () => {
  it('is not there when one page holds all', () => {
    renderUi(<Pager label="Sider med brugere" page={1} pages={1} onPage={vi.fn()} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says where one is and offers only the pages there are', () => {
    renderUi(<Pager label="Sider med brugere" page={1} pages={3} onPage={vi.fn()} />);
    const pager = screen.getByRole('navigation', { name: 'Sider med brugere' });
    expect(pager).toHaveTextContent(messages.pageOf(1, 3));
    expect(screen.getByRole('button', { name: messages.previousPage })).toBeDisabled();
    expect(screen.getByRole('button', { name: messages.nextPage })).toBeEnabled();
  });

  it('goes to the next and the previous page, by keyboard too', async () => {
    const onPage = vi.fn();
    const { user } = renderUi(<Pager label="Sider" page={2} pages={3} onPage={onPage} />);
    await user.click(screen.getByRole('button', { name: messages.nextPage }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    screen.getByRole('button', { name: messages.previousPage }).focus();
    await user.keyboard('{Enter}');
    expect(onPage).toHaveBeenLastCalledWith(1);
  });

  it('cannot go past the last page', () => {
    renderUi(<Pager label="Sider" page={3} pages={3} onPage={vi.fn()} />);
    expect(screen.getByRole('button', { name: messages.nextPage })).toBeDisabled();
    expect(screen.getByRole('button', { name: messages.previousPage })).toBeEnabled();
  });
});
