import { lazy } from 'react';

// The reading form's parts that are not in the home screen's first load (issue 40): each chunk is
// fetched when its part is needed, or once the cascade is painted.

export const loadRouteLayoutBar = () => import('./route-layout-bar');
// Issue 37: not part of the home screen's first load; fetched after its first paint, so a meter's notes
// do not arrive late above SEND and move it.
const loadMeterNotes = () => import('./meter-notes');
export const MeterNotes = lazy(loadMeterNotes);
export const RouteLayoutBar = lazy(loadRouteLayoutBar);
// Shown once a meter is chosen: loaded after the first paint, so the cascade comes first.
const loadMeterActions = () => import('./meter-actions');
export const MeterActions = lazy(loadMeterActions);
const loadFindMeterButton = () =>
  import('./find-meter-button').then((module) => ({ default: module.FindMeterButton }));
export const FindMeterButton = lazy(loadFindMeterButton);
const loadHistoryButton = () =>
  import('@/features/reading-history').then((feature) => ({ default: feature.HistoryButton }));
export const HistoryButton = lazy(loadHistoryButton);
// Off the first load (issue 36): the photo part loads once a meter is chosen, into a place kept for it
// (reading-report.css), so SEND below it does not move as it arrives.
export const PhotoNotePart = lazy(() => import('../photo/photo-note-part'));

const loadReasonField = () => import('./reading-reason-field');
export const ReadingReasonField = lazy(loadReasonField);

/** The parts beside the cascade that a chosen meter shows: fetched once the cascade is painted. */
export function preloadMeterParts(): void {
  void loadMeterActions();
  void loadMeterNotes();
  void loadFindMeterButton();
  void loadHistoryButton();
}
