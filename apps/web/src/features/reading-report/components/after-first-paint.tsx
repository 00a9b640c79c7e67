import { type ReactNode, useEffect, useState } from 'react';

/** Calls `then` once the browser has painted the current frame (a task after the next frame). */
export function afterPaint(then: () => void): () => void {
  let task: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    task = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
  };
}

/**
 * Renders `children` only once the screen has been painted without them (issue 40, ADR 055): the
 * home form's cascade paints first, the code of the parts beside it loads after. Only this wrapper
 * renders again then, not the form around it. `place` stands in for them until then.
 */
export function AfterFirstPaint({ children, place = null }: { children: ReactNode; place?: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterPaint(() => setPainted(true)), []);
  return painted ? children : place;
}
