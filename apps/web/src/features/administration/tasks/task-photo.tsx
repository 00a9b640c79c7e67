import type { Task } from '@maaler/contract';
import { useState } from 'react';
import { EvidenceDialog } from '@/components/reading-photo/evidence-dialog';
import { useObjectUrl } from '@/components/reading-photo/use-object-url';
import { usePhoto } from '@/components/reading-photo/use-photo';
import { formatTimestamp } from '@/lib/format-timestamp';
import { taskMessages as messages } from './task-messages';
import '@/components/reading-photo/reading-photo.css';

/**
 * The photo of the reading that opened the task (issue 37), small; a press opens it large with the note.
 * It comes through the photo route, so its access rules apply as everywhere else.
 */
export function TaskPhoto({ accountId, task, photoId }: { accountId: string; task: Task; photoId: string }) {
  const [open, setOpen] = useState(false);
  const photo = usePhoto(accountId, photoId);
  const url = useObjectUrl(photo.blob);
  const created = formatTimestamp(task.CreatedAt);
  return (
    <div className="mb-2">
      {photo.error ? (
        <span className="small text-danger">{messages.photoFailed(photo.error)}</span>
      ) : (
        <button
          type="button"
          className="btn btn-outline-secondary p-1 task-photo"
          aria-label={messages.openPhoto(task.MeterName)}
          disabled={!url}
          data-testid="task-photo"
          onClick={() => setOpen(true)}
        >
          {url ? (
            <img src={url} alt="" className="photo-beside-value rounded d-block" />
          ) : (
            <span className="small">{messages.loadingPhoto}</span>
          )}
        </button>
      )}
      {open && (
        <EvidenceDialog
          evidence={{ accountId, photoId, note: task.Note ?? undefined, date: created, by: task.CreatedBy }}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
