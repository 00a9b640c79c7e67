import { useEffect } from 'react';
import { ALERT_AUTOHIDE_MS } from '@/config/constants';
import { clearAlert, useAlert } from '@/lib/alerts';
import { commonMessages } from '@/lib/messages';

/**
 * The fixed top banner (spec §2): one alert at a time, auto-hidden after 4 s when flagged. Plain
 * Bootstrap markup, so the banner adds no component library code to the first load.
 */
export function AlertBanner() {
  const alert = useAlert();

  useEffect(() => {
    if (!alert?.autohide) return;
    const timer = window.setTimeout(() => clearAlert(alert.id), ALERT_AUTOHIDE_MS);
    return () => window.clearTimeout(timer);
  }, [alert]);

  const urgent = alert?.type === 'danger' || alert?.type === 'warning';
  // Two live regions stay mounted, so screen readers announce alerts added to them.
  return (
    <div className="alert-banner">
      <div role="alert">{alert && urgent && <BannerAlert key={alert.id} {...alert} />}</div>
      <div role="status">{alert && !urgent && <BannerAlert key={alert.id} {...alert} />}</div>
    </div>
  );
}

function BannerAlert({ id, type, message }: { id: number; type: string; message: string }) {
  return (
    <div
      className={`alert alert-${type} alert-dismissible mb-0 shadow-sm`}
      data-testid="alert-banner"
      data-type={type}
    >
      {message}
      <button
        type="button"
        className="btn-close"
        aria-label={commonMessages.close}
        onClick={() => clearAlert(id)}
      />
    </div>
  );
}
