import { readBarcodes, type StopReading } from './barcode-reader';

export type CameraProblem = 'refused' | 'noCamera' | 'failed';

/** Whether this browser can ask for a camera at all (not over plain HTTP, not in old browsers). */
export function canUseCamera(): boolean {
  return typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * What went wrong, in the terms the user can act on, from getUserMedia's error names (read from any
 * object: older browsers' OverconstrainedError is not an Error).
 */
export function cameraProblem(error: unknown): CameraProblem {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  return 'failed';
}

type ScanHandlers = {
  onCode: (text: string) => void;
  onProblem: (problem: CameraProblem) => void;
};

/**
 * Asks for the back camera, shows it in `video` and reads codes from it. The returned function, and a
 * code or a problem, stop the camera's tracks (the camera light goes out); a stop that comes while
 * the browser still asks the user for permission stops the camera as soon as it is granted.
 */
export function scanWithCamera(video: HTMLVideoElement, { onCode, onProblem }: ScanHandlers): () => void {
  let ended = false;
  let stream: MediaStream | undefined;
  let stopReading: StopReading | undefined;
  const end = () => {
    ended = true;
    stopReading?.();
    for (const track of stream?.getTracks() ?? []) track.stop();
    video.srcObject = null;
  };
  const fail = (error: unknown) => {
    if (ended) return;
    end();
    onProblem(cameraProblem(error));
  };

  const start = async () => {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: 'environment' },
      audio: false,
    });
    // Stopped while the browser asked for permission: the camera goes off as soon as it is on.
    if (ended) {
      end();
      return;
    }
    video.srcObject = stream;
    await video.play();
    if (ended) return;
    const stop = await readBarcodes(video, {
      onCode: (text) => {
        if (ended) return;
        end();
        onCode(text);
      },
      onError: fail,
    });
    if (ended) stop();
    else stopReading = stop;
  };
  start().catch(fail);
  return end;
}
