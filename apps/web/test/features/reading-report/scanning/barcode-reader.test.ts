// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readBarcodes, SCAN_FORMATS } from '@/features/reading-report/scanning/barcode-reader';

/** The part of @zxing/browser the reader uses: `scan` finds `zxingCode` in the first frame. */
const zxing = vi.hoisted(() => ({ readers: [] as { possibleFormats: string[] }[], code: 'HYB-010' }));
vi.mock('@zxing/browser', () => ({
  BarcodeFormat: { QR_CODE: 'QR', CODE_128: 'C128', CODE_39: 'C39', EAN_13: 'EAN13' },
  BrowserMultiFormatReader: class {
    possibleFormats: string[] = [];
    constructor() {
      zxing.readers.push(this);
    }
    scan(
      _video: HTMLVideoElement,
      onResult: (
        result: { getText(): string } | undefined,
        error: unknown,
        controls: { stop(): void },
      ) => void,
    ) {
      const controls = { stop: vi.fn() };
      onResult({ getText: () => zxing.code }, undefined, controls);
      return controls;
    }
  },
}));

/** A BarcodeDetector that supports `formats` and sees `frames`, one per detect call, then nothing. */
function stubDetector(formats: readonly string[], frames: string[][] = []) {
  const created: { formats: string[] }[] = [];
  const detect = vi.fn(async () => (frames.shift() ?? []).map((rawValue) => ({ rawValue })));
  vi.stubGlobal(
    'BarcodeDetector',
    class {
      static getSupportedFormats = async () => [...formats];
      detect = detect;
      constructor(options: { formats: string[] }) {
        created.push(options);
      }
    },
  );
  return { created, detect };
}

const video = document.createElement('video');

beforeEach(() => {
  zxing.readers.length = 0;
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('readBarcodes', () => {
  it('uses the browser BarcodeDetector when it reads every format, looking at frames until a code', async () => {
    const detector = stubDetector([...SCAN_FORMATS, 'aztec'], [[], [], ['HYB-010']]);
    const onCode = vi.fn();
    await readBarcodes(video, { onCode, onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(1_000);

    expect(detector.created).toEqual([{ formats: [...SCAN_FORMATS] }]);
    expect(detector.detect).toHaveBeenCalledTimes(3);
    expect(onCode.mock.calls).toEqual([['HYB-010']]);
    expect(zxing.readers).toEqual([]);
  });

  it('stops looking at frames when stopped', async () => {
    const detector = stubDetector(SCAN_FORMATS);
    const stop = await readBarcodes(video, { onCode: vi.fn(), onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(detector.detect).toHaveBeenCalledTimes(1);
  });

  it('reports a failing detector once, and stops', async () => {
    const detector = stubDetector(SCAN_FORMATS);
    detector.detect.mockRejectedValue(new DOMException('gone', 'InvalidStateError'));
    const onError = vi.fn();
    await readBarcodes(video, { onCode: vi.fn(), onError });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(detector.detect).toHaveBeenCalledTimes(1);
  });

  it('reads with zxing, for the same formats, when the BarcodeDetector lacks one of them', async () => {
    const detector = stubDetector(['qr_code', 'code_128', 'ean_13']);
    const onCode = vi.fn();
    await readBarcodes(video, { onCode, onError: vi.fn() });

    expect(detector.created).toEqual([]);
    expect(zxing.readers.map((reader) => reader.possibleFormats)).toEqual([['QR', 'C128', 'C39', 'EAN13']]);
    expect(onCode.mock.calls).toEqual([['HYB-010']]);
  });

  it('reads with zxing where there is no BarcodeDetector', async () => {
    expect('BarcodeDetector' in window).toBe(false);
    const onCode = vi.fn();
    await readBarcodes(video, { onCode, onError: vi.fn() });
    expect(zxing.readers).toHaveLength(1);
    expect(onCode.mock.calls).toEqual([['HYB-010']]);
  });
});
