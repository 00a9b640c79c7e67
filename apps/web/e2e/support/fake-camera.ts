import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
/** The white margin a QR code needs around it, in modules (ISO/IEC 18004). */
const QUIET_ZONE = 4;
/** Chromium loops the file; a few identical frames are a still picture. */
const FRAMES = 3;

/**
 * Writes a Y4M video (what Chromium's fake camera plays, --use-file-for-fake-video-capture) of a white
 * label with a QR code of `qrText` on it, centred and as large as the 640×480 frame allows, or of a
 * blank label when `qrText` is null: grey levels in the Y plane, neutral colour (128) in U and V.
 */
export function writeFakeCameraVideo(file: string, qrText: string | null): void {
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  if (qrText !== null) paintQrCode(luma, qrText);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F15:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}

function paintQrCode(luma: Buffer, text: string): void {
  const matrix = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (matrix.size + 2 * QUIET_ZONE));
  const side = matrix.size * scale;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (matrix.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(top + y) * WIDTH + left + x] = 0;
    }
  }
}

type CameraOptions = {
  /** What the camera sees: a label with a QR code of this text, or a blank label when null. */
  cameraQrText: string | null;
  cameraFile: string;
};

/**
 * Browser tests with Chromium's fake camera, which plays a video written for the worker: set
 * `cameraQrText` at the top of the spec file (it is fixed at the browser's launch, so once per file).
 * The camera is allowed by granting the context the `camera` permission; without it Chromium refuses,
 * as a user would (hence no --use-fake-ui-for-media-stream, which would allow every request).
 * `cameraPage` is the page with every camera track the app opens recorded (see `cameraTracks`).
 */
export const cameraTest = base.extend<{ cameraPage: Page }, CameraOptions>({
  cameraQrText: [null, { scope: 'worker', option: true }],
  cameraFile: [
    async ({ cameraQrText }, use) => {
      const folder = mkdtempSync(join(tmpdir(), 'maaler-camera-'));
      const file = join(folder, 'camera.y4m');
      writeFakeCameraVideo(file, cameraQrText);
      await use(file);
      rmSync(folder, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, cameraFile }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${cameraFile}`,
        ],
      });
    },
    { scope: 'worker' },
  ],
  cameraPage: async ({ page }, use) => {
    await page.addInitScript(() => {
      const tracks: MediaStreamTrack[] = [];
      Object.assign(window, { cameraTracks: tracks });
      const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await getUserMedia(constraints);
        tracks.push(...stream.getTracks());
        return stream;
      };
    });
    await use(page);
  },
});

/** How many camera tracks the app opened on `cameraPage`, and how many of them are still on. */
export function cameraTracks(page: Page): Promise<{ opened: number; live: number }> {
  return page.evaluate(() => {
    const { cameraTracks: tracks } = window as unknown as { cameraTracks: MediaStreamTrack[] };
    return { opened: tracks.length, live: tracks.filter((track) => track.readyState === 'live').length };
  });
}
