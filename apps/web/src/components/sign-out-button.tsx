import Button from 'react-bootstrap/Button';
import { resetSession } from '@/lib/auth-status';
import { commonMessages } from '@/lib/messages';

/** Ends the session; the route guard then shows the login screen. */
export function SignOutButton({ className }: { className?: string }) {
  return (
    <Button
      variant="outline-light"
      className={className}
      onClick={resetSession}
      title={commonMessages.signOut}
    >
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
        <path d="m16 17 5-5-5-5" />
        <path d="M21 12H9" />
      </svg>
      <span className="visually-hidden">{commonMessages.signOut}</span>
    </Button>
  );
}
