import Button from 'react-bootstrap/Button';
import { reviewMessages as messages } from './review-messages';

/** `Godkend` of one entry on `Til kontrol`; `label` names the entry for a screen reader. */
export function ApproveButton({
  label,
  busy,
  className,
  onApprove,
}: {
  label: string;
  busy: boolean;
  className?: string;
  onApprove: () => void;
}) {
  return (
    <Button
      variant="outline-primary"
      className={className}
      disabled={busy}
      aria-label={label}
      onClick={onApprove}
    >
      {messages.approve}
    </Button>
  );
}
