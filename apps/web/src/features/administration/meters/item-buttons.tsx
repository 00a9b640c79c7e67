import type { MoveRequest } from '@maaler/contract';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { meterAdministrationMessages as messages } from './meter-messages';

/** A small button of an item's row, named for the item it acts on (its visible text is one word). */
export function ItemButton({
  id,
  label,
  variant = 'outline-primary',
  disabled = false,
  onClick,
  children,
}: {
  id: string;
  label: string;
  variant?: 'outline-primary' | 'outline-secondary' | 'light';
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button id={id} size="sm" variant={variant} aria-label={label} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}

/** `Flyt op` and `Flyt ned` of a location or meter (ids `{base}-up`, `{base}-down`), off at the route's ends and while a change is sent. */
export function MoveButtons({
  base,
  name,
  first,
  last,
  busy,
  onMove,
}: {
  base: string;
  name: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (direction: MoveRequest['Direction']) => void;
}) {
  return (
    <>
      <ItemButton
        id={`${base}-up`}
        label={messages.moveUpLabel(name)}
        variant="outline-secondary"
        disabled={first || busy}
        onClick={() => onMove('up')}
      >
        {messages.moveUp}
      </ItemButton>
      <ItemButton
        id={`${base}-down`}
        label={messages.moveDownLabel(name)}
        variant="outline-secondary"
        disabled={last || busy}
        onClick={() => onMove('down')}
      >
        {messages.moveDown}
      </ItemButton>
    </>
  );
}
