import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { type CameraProblem, scanWithCamera } from '../scanning/camera-scan';

/**
 * The camera scan of 'Find måler': `start` (on a button press, never before: the browser asks for
 * the camera then) shows the camera in `videoRef` until a code is read, `stop` is called, a problem
 * occurs or the component unmounts; each ends the camera. `onCode` gets the code read.
 */
export function useBarcodeScanner(onCode: (code: string) => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const handleCode = useEffectEvent(onCode);

  useEffect(() => {
    const video = videoRef.current;
    if (!scanning || !video) return;
    return scanWithCamera(video, {
      onCode: (code) => {
        setScanning(false);
        handleCode(code);
      },
      onProblem: (found) => {
        setScanning(false);
        setProblem(found);
      },
    });
  }, [scanning]);

  return {
    videoRef,
    scanning,
    problem,
    start: () => {
      setProblem(null);
      setScanning(true);
    },
    stop: () => setScanning(false),
  };
}
