// The camera sheet of 扫码: the back camera in a video, a frame decoded every 250 ms until a bag
// code is found (or the shopper closes it). No camera, or a refused permission, says so and
// leaves the typed code as the way.
import { useEffect, useRef, useState } from 'react';
import { Sheet } from '../campaign-kit/Sheet.tsx';
import { codeFromQr, qrDecoder } from './scan.ts';
import styles from './BagPage.module.css';

export function ScanSheet({
  onCode,
  onClose,
}: {
  onCode: (code: string) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let live = true;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem('当前环境无法打开相机，请手动输入袋内兑奖码');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch {
        setProblem('未获得相机权限，请在设置中允许访问相机，或手动输入兑奖码');
        return;
      }
      if (!live || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const decode = await qrDecoder();
      const canvas = document.createElement('canvas');
      const tick = async () => {
        const v = video.current;
        if (!live || !v) return;
        if (v.videoWidth > 0) {
          canvas.width = v.videoWidth;
          canvas.height = v.videoHeight;
          canvas.getContext('2d')?.drawImage(v, 0, 0);
          const code = codeFromQr((await decode(canvas).catch(() => null)) ?? '');
          if (code && live) {
            onCode(code);
            return;
          }
        }
        timer = window.setTimeout(() => void tick(), 250);
      };
      void tick();
    };
    void start();
    return () => {
      live = false;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onCode]);

  return (
    <Sheet visible onClose={onClose} label="扫描袋内二维码">
      <div className={styles.scan}>
        <h2>扫描袋内二维码</h2>
        {problem ? (
          <p className={styles.scanProblem} role="alert">
            {problem}
          </p>
        ) : (
          <div className={styles.viewfinder}>
            <video ref={video} muted playsInline aria-label="相机画面" />
            <span aria-hidden />
          </div>
        )}
        <button type="button" className={styles.scanClose} onClick={onClose}>
          {problem ? '手动输入' : '取消'}
        </button>
      </div>
    </Sheet>
  );
}
