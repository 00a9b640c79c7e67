import { beforeEach, describe, expect, it } from 'vitest';
import { clearAlert, getAlert, onRouteChange, showAlert } from '@/lib/alerts';

describe('alerts', () => {
  beforeEach(() => clearAlert());

  it('a new alert replaces the shown one', () => {
    showAlert('info', 'Første');
    showAlert('danger', 'Anden');
    expect(getAlert()).toMatchObject({ type: 'danger', message: 'Anden', autohide: false });
  });

  it('news marked keepDanger leaves a shown refusal in place, and replaces anything else', () => {
    showAlert('danger', 'Målingen for Hybenvej 3 blev ikke gemt');
    showAlert('success', '1 måling er sendt', { autohide: true, keepDanger: true });
    expect(getAlert()).toMatchObject({ type: 'danger', message: 'Målingen for Hybenvej 3 blev ikke gemt' });
    clearAlert();
    showAlert('info', 'Målingen er gemt på enheden og sendes automatisk');
    showAlert('success', '1 måling er sendt', { autohide: true, keepDanger: true });
    expect(getAlert()).toMatchObject({ type: 'success', message: '1 måling er sendt' });
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
