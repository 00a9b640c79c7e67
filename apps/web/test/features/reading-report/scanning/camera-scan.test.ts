// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cameraProblem, scanWithCamera } from '@/features/reading-report/scanning/camera-scan';

const reading = vi.hoisted(() => ({
  started: 0,
  stop: vi.fn(),
  handlers: undefined as { onCode: (text: string) => void; onError: (error: unknown) => void } | undefined,
}));
vi.mock('@/features/reading-report/scanning/barcode-reader', () => ({
  readBarcodes: async (_video: HTMLVideoElement, handlers: NonNullable<typeof reading.handlers>) => {
    reading.started++;
    reading.handlers = handlers;
    return reading.stop;
  },
}));

function fakeStream() {
  const track = { stop: vi.fn() };
  return { track, stream: { getTracks: () => [track] } as unknown as MediaStream };
}

/** A getUserMedia whose answer the test gives, and the constraints it was asked with. */
function stubGetUserMedia() {
  let resolve: (stream: MediaStream) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<MediaStream>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  const getUserMedia = vi.fn((_constraints: MediaStreamConstraints) => promise);
  vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });
  return { getUserMedia, resolve, reject };
}

function playableVideo(): HTMLVideoElement {
  const video = document.createElement('video');
  video.play = vi.fn(async () => {});
  return video;
}

/** Lets the scan's promise chain run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  reading.started = 0;
  reading.handlers = undefined;
});

describe('cameraProblem', () => {
  it.each([
    ['NotAllowedError', 'refused'],
    ['SecurityError', 'refused'],
    ['NotFoundError', 'noCamera'],
    ['OverconstrainedError', 'noCamera'],
    ['NotReadableError', 'failed'],
  ])('%s is %s', (name, problem) => {
    expect(cameraProblem(new DOMException('', name))).toBe(problem);
  });

  it('reads the name of an error that is not an Error, and knows nothing of anything else', () => {
    expect(cameraProblem({ name: 'OverconstrainedError', constraint: 'facingMode' })).toBe('noCamera');
    expect(cameraProblem('camera broke')).toBe('failed');
  });
});

describe('scanWithCamera', () => {
  it('asks for the back camera without sound, shows it, and on a code turns it off before saying so', async () => {
    const camera = stubGetUserMedia();
    const { track, stream } = fakeStream();
    const video = playableVideo();
    const onCode = vi.fn(() => expect(track.stop).toHaveBeenCalled());
    scanWithCamera(video, { onCode, onProblem: vi.fn() });
    expect(camera.getUserMedia.mock.calls).toEqual([
      [{ video: { facingMode: 'environment' }, audio: false }],
    ]);
    camera.resolve(stream);
    await settle();
    expect(video.srcObject).toBe(stream);
    expect(reading.started).toBe(1);

    reading.handlers?.onCode('HYB-010');
    expect(onCode.mock.calls).toEqual([['HYB-010']]);
    expect(video.srcObject).toBeNull();
    expect(reading.stop).toHaveBeenCalled();
  });

  it('turns the camera off when stopped while scanning', async () => {
    const camera = stubGetUserMedia();
    const { track, stream } = fakeStream();
    const stop = scanWithCamera(playableVideo(), { onCode: vi.fn(), onProblem: vi.fn() });
    camera.resolve(stream);
    await settle();
    stop();
    expect(track.stop).toHaveBeenCalled();
    expect(reading.stop).toHaveBeenCalled();
  });

  it('turns a camera granted after the stop off at once, without reading from it', async () => {
    const camera = stubGetUserMedia();
    const { track, stream } = fakeStream();
    const video = playableVideo();
    const stop = scanWithCamera(video, { onCode: vi.fn(), onProblem: vi.fn() });
    stop();
    camera.resolve(stream);
    await settle();
    expect(track.stop).toHaveBeenCalled();
    expect(video.play).not.toHaveBeenCalled();
    expect(reading.started).toBe(0);
  });

  it('says why there is no camera', async () => {
    const camera = stubGetUserMedia();
    const onProblem = vi.fn();
    scanWithCamera(playableVideo(), { onCode: vi.fn(), onProblem });
    camera.reject(new DOMException('Permission denied', 'NotAllowedError'));
    await settle();
    expect(onProblem.mock.calls).toEqual([['refused']]);
  });

  it('turns the camera off when reading fails', async () => {
    const camera = stubGetUserMedia();
    const { track, stream } = fakeStream();
    const onProblem = vi.fn();
    scanWithCamera(playableVideo(), { onCode: vi.fn(), onProblem });
    camera.resolve(stream);
    await settle();
    reading.handlers?.onError(new Error('canvas lost'));
    expect(track.stop).toHaveBeenCalled();
    expect(onProblem.mock.calls).toEqual([['failed']]);
  });
});
