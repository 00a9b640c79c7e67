import { beforeEach, describe, expect, it } from 'vitest';
import { clearAlert, getAlert, onRouteChange, showAlert } from '@/lib/alerts';

describe('alerts', () => {
  beforeEach(() => clearAlert());

  it('a new alert replaces the shown one', () => {
    showAlert('info', 'Første');
    showAlert('danger', 'Anden');
    expect(getAlert()).toMatchObject({ type: 'danger', message: 'Anden', autohide: false });
  });

  it('is cleared by a route change', () => {
    showAlert('success', 'Gemt');
    onRouteChange();
    expect(getAlert()).toBeNull();
  });

  it('survives exactly one route change when kept', () => {
    showAlert('success', 'Informationer er gemt', { keepAfterRouteChange: true });
    onRouteChange();
    expect(getAlert()).toMatchObject({ message: 'Informationer er gemt', keepAfterRouteChange: false });
    onRouteChange();
    expect(getAlert()).toBeNull();
  });

  it('clearing by id leaves a newer alert alone', () => {
    showAlert('info', 'Gammel');
    const oldId = getAlert()?.id;
    showAlert('info', 'Ny');
    clearAlert(oldId);
    expect(getAlert()?.message).toBe('Ny');
  });
});
