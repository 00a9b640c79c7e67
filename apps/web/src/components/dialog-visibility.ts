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
