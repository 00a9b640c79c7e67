import Button from 'react-bootstrap/Button';
import { resetSession } from '@/lib/auth-status';
import { commonMessages } from '@/lib/messages';
import { LineIcon } from './line-icon';

/** Ends the session; the route guard then shows the login screen. */
export function SignOutButton({ className }: { className?: string }) {
  return (
    <Button
      variant="outline-light"
      className={className}
      onClick={resetSession}
      title={commonMessages.signOut}
    >
      <LineIcon>
        <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
        <path d="m16 17 5-5-5-5" />
        <path d="M21 12H9" />
      </LineIcon>
      <span className="visually-hidden">{commonMessages.signOut}</span>
    </Button>
  );
}
