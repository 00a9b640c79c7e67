/** A full-width submit button that shows a spinner while busy and tells screen readers why. */
export function BusySubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button type="submit" className="btn btn-primary w-100" disabled={busy}>
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {label}
      {busy && <span className="visually-hidden"> – {busyLabel}</span>}
    </button>
  );
}
