/** The codes meter labels carry: QR codes and the common 1D symbologies. */
export const SCAN_FORMATS = ['qr_code', 'code_128', 'code_39', 'ean_13'] as const;

/** How often a frame is looked at: often enough to feel instant, rarely enough to spare a phone's CPU. */
const FRAME_INTERVAL_MS = 150;

/** The part of the Shape Detection API used here (not yet in TypeScript's DOM types). */
type BarcodeDetectorLike = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
};

export type StopReading = () => void;

type ReadHandlers = {
  /** Called once, with the first code read; reading has stopped by then. */
  onCode: (text: string) => void;
  /** A failure other than "no code in this frame"; reading has stopped. */
  onError: (error: unknown) => void;
};

/**
 * Reads codes from a playing video until one is found or the returned function is called. Uses the
 * browser's BarcodeDetector where it reads all of SCAN_FORMATS (Chrome on Android, Safari); elsewhere,
 * e.g. Chromium on Linux and Firefox, @zxing/browser, loaded only now so that no screen pays for it.
 */
export async function readBarcodes(video: HTMLVideoElement, handlers: ReadHandlers): Promise<StopReading> {
  const detector = await nativeDetector();
  return detector ? readWithDetector(detector, video, handlers) : readWithZxing(video, handlers);
}

async function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  if (!('BarcodeDetector' in window)) return null;
  const Detector = (window as unknown as { BarcodeDetector: BarcodeDetectorClass }).BarcodeDetector;
  const supported = await Detector.getSupportedFormats();
  if (!SCAN_FORMATS.every((format) => supported.includes(format))) return null;
  return new Detector({ formats: [...SCAN_FORMATS] });
}

function readWithDetector(
  detector: BarcodeDetectorLike,
  video: HTMLVideoElement,
  { onCode, onError }: ReadHandlers,
): StopReading {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const look = async () => {
    try {
      const code = (await detector.detect(video)).find((found) => found.rawValue !== '');
      if (stopped) return;
      if (code) {
        stopped = true;
        onCode(code.rawValue);
      } else {
        timer = setTimeout(look, FRAME_INTERVAL_MS);
      }
    } catch (error) {
      if (!stopped) {
        stopped = true;
        onError(error);
      }
    }
  };
  void look();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

async function readWithZxing(
  video: HTMLVideoElement,
  { onCode, onError }: ReadHandlers,
): Promise<StopReading> {
  const { BarcodeFormat, BrowserMultiFormatReader } = await import('@zxing/browser');
  const reader = new BrowserMultiFormatReader(undefined, { delayBetweenScanAttempts: FRAME_INTERVAL_MS });
  reader.possibleFormats = [
    BarcodeFormat.QR_CODE,
    BarcodeFormat.CODE_128,
    BarcodeFormat.CODE_39,
    BarcodeFormat.EAN_13,
  ];
  let done = false;
  const controls = reader.scan(
    video,
    (result, _notFound, scanControls) => {
      if (!result || done) return;
      done = true;
      scanControls.stop();
      onCode(result.getText());
    },
    // zxing ends its loop with an error only for failures other than "no code in this frame".
    (error) => {
      if (error && !done) {
        done = true;
        onError(error);
      }
    },
  );
  return () => {
    done = true;
    controls.stop();
  };
}
