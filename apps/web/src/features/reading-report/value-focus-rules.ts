/**
 * Whether the focus left a value for a dialog (`Spring over`, `Målerskift`, ...), or for the button
 * that opens one when it was tapped (`byPointer`): the reader has not left the value unfinished, so it
 * is not marked as visited and does not turn red behind the dialog (issue 33). Tabbing on to such a
 * button does leave the value. `to` is where the focus went (the blur's relatedTarget).
 */
export const leftForDialog = (to: EventTarget | null, byPointer: boolean): boolean =>
  to instanceof Element &&
  (to.closest('.modal') !== null || (byPointer && to.closest('[aria-haspopup="dialog"]') !== null));

/**
 * Whether a meter picked by hand takes the focus to its first value, as route mode's pick does
 * (issue 33): not when the pick cleared the meter, nor when it was made with the keys, which change
 * the select at each arrow press (WCAG 3.2.2).
 */
export const focusesFirstValueAfterPick = (deviceId: string, byKeyboard: boolean): boolean =>
  deviceId !== '' && !byKeyboard;
