import { commonMessages } from '@/lib/messages';

/** Shown while the first screen's code loads. Plain markup: it is part of the first load. */
export function PageLoading() {
  return (
    <div className="d-flex justify-content-center py-5">
      <div className="spinner-border text-primary" role="status">
        <span className="visually-hidden">{commonMessages.loading}</span>
      </div>
    </div>
  );
}
