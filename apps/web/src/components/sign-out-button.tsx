import { commonMessages } from '@/lib/messages';
import { resetSession } from '@/lib/session/auth-status';
import { LineIcon } from './line-icon';

type SignOutButtonProps = {
  className?: string;
  /** What a press does; by default it ends the session at once. */
  onSignOut?: () => void;
};

/** Ends the session; the route guard then shows the login screen. */
export function SignOutButton({ className, onSignOut = resetSession }: SignOutButtonProps) {
  return (
    <button
      type="button"
      className={className ? `btn btn-outline-light ${className}` : 'btn btn-outline-light'}
      onClick={onSignOut}
      title={commonMessages.signOut}
    >
      <LineIcon>
        <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
        <path d="m16 17 5-5-5-5" />
        <path d="M21 12H9" />
      </LineIcon>
      <span className="visually-hidden">{commonMessages.signOut}</span>
    </button>
  );
}
