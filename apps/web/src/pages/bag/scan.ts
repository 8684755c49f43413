// Reading the QR code printed in a bag: it carries the page's link with the code
// (/activity/openBagPrize/index?code=…) or, on older bags, the bare code. Frames from the camera
// are decoded by the browser's BarcodeDetector where there is one, else by jsQR, which is loaded
// only when the camera opens (it is not in any page's chunk).

/** The bag code in what a QR code says; null when it holds no code. */
export function codeFromQr(text: string): string | null {
  const trimmed = text.trim();
  try {
    const url = new URL(trimmed);
    const code = url.searchParams.get('code');
    return code && /^[A-Za-z0-9 -]{6,40}$/.test(code) ? code : null;
  } catch {
    return /^[A-Za-z0-9-]{6,40}$/.test(trimmed) ? trimmed : null;
  }
}

interface DetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}

type Decoder = (frame: HTMLCanvasElement) => Promise<string | null>;

/** The best decoder this browser has. */
export async function qrDecoder(): Promise<Decoder> {
  const Native = (window as unknown as { BarcodeDetector?: new (o: object) => DetectorLike })
    .BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (frame) => {
    const context = frame.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    const image = context.getImageData(0, 0, frame.width, frame.height);
    return jsQR(image.data, image.width, image.height)?.data ?? null;
  };
}
