import { type ReactNode, Suspense, useRef } from 'react';

type DialogButtonProps = {
  label: ReactNode;
  open: boolean;
  onOpen: () => void;
  /** The dialog asked to close; the focus goes back to the button. */
  onClose: () => void;
  /** The lazily loaded dialog, given the close that returns the focus. */
  renderDialog: (close: () => void) => ReactNode;
  /** Said while the dialog's chunk loads. */
  loadingText: string;
  disabled?: boolean;
  variant?: 'outline-primary' | 'outline-secondary';
  /**
   * The focused input keeps the focus on press: its blur would show its error above and move the
   * button between the press and the release.
   */
  keepFocusOnPress?: boolean;
  /** A small button in a list of items (the administration), named for its item. */
  compact?: { ariaLabel: string };
};

/** A button (of the reading screen's row, or a compact one in a list) that opens a dialog loaded on first use. */
export function DialogButton({
  label,
  open,
  onOpen,
  onClose,
  renderDialog,
  loadingText,
  disabled = false,
  variant = 'outline-primary',
  keepFocusOnPress = false,
  compact,
}: DialogButtonProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    onClose();
    buttonRef.current?.focus();
  };
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={`btn btn-${variant} ${compact ? 'btn-sm' : 'btn-lg flex-fill'}`}
        aria-label={compact?.ariaLabel}
        onMouseDown={keepFocusOnPress ? (event) => event.preventDefault() : undefined}
        onClick={onOpen}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        {label}
      </button>
      {open && <Suspense fallback={<p role="status">{loadingText}</p>}>{renderDialog(close)}</Suspense>}
    </>
  );
}

/**
 * The place of a row's dialog button whose code comes later: its size and label, unseen and hidden from
 * assistive technology, so that the buttons beside it keep their width when it arrives (ADR 038).
 */
export function DialogButtonPlace({ label }: { label: string }) {
  return (
    <span className="btn btn-outline-primary btn-lg flex-fill invisible" aria-hidden="true">
      {label}
    </span>
  );
}
