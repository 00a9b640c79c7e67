import { usersMessages as messages } from './users-messages';

/**
 * What was just done, read out when it appears; it stays (a temporary password must be copied) until
 * closed or the next change. Kept in the page while empty so the announcement is heard.
 */
export function UserNotice({ notice, onClose }: { notice: string; onClose: () => void }) {
  return (
    <div
      role="status"
      className={notice ? 'alert alert-success d-flex gap-2 align-items-start' : 'visually-hidden'}
    >
      <span className="flex-fill text-break">{notice}</span>
      {notice && (
        <button type="button" className="btn-close" aria-label={messages.closeMessage} onClick={onClose} />
      )}
    </div>
  );
}
