import { useRef, useState } from 'react';

/**
 * What the opener of a dialog controls, passed on to react-bootstrap's Modal as they are: whether it
 * shows, the request to close, and the end of the closing animation, when the focus goes back to
 * what opened it (the Modal's own focus restore is off).
 */
export type DialogVisibility = {
  show: boolean;
  onHide: () => void;
  onExited: () => void;
};

/**
 * The opener's side of a dialog whose code loads when it is first opened: once `opened`, the dialog
 * stays mounted so that it can animate its closing, after which the focus goes back to the button.
 */
export function useDialogOpener() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const show = () => {
    setOpened(true);
    setOpen(true);
  };
  const visibility: DialogVisibility = {
    show: open,
    onHide: () => setOpen(false),
    onExited: () => buttonRef.current?.focus(),
  };

  return {
    opened,
    show,
    /** The opening button's ref, click and popup state. */
    button: { ref: buttonRef, onClick: show, 'aria-haspopup': 'dialog', 'aria-expanded': open } as const,
    visibility,
  };
}
