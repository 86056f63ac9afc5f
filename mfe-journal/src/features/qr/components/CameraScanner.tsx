import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import styles from './Qr.module.css';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/**
 * The camera, read by the browser's BarcodeDetector where there is one and by the bundled jsQR
 * decoder otherwise; calls `onText` with each QR text seen.
 */
export function CameraScanner({ onText }: { onText: (text: string) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onText);
  latest.current = onText;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
    const detector = Native ? new Native({ formats: ['qr_code'] }) : null;

    const read = async (element: HTMLVideoElement): Promise<string | null> => {
      if (detector) {
        const codes = await detector.detect(element);
        return codes[0]?.rawValue ?? null;
      }
      const width = element.videoWidth;
      const height = element.videoHeight;
      if (!width || !height) return null;
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return null;
      context.drawImage(element, 0, 0, width, height);
      const image = context.getImageData(0, 0, width, height);
      return jsQR(image.data, width, height)?.data ?? null;
    };

    const tick = async () => {
      if (stopped || !video.current) return;
      try {
        const text = await read(video.current);
        if (text) latest.current(text);
      } catch {
        // A frame that cannot be read: try the next one.
      }
      if (!stopped) timer = setTimeout(() => void tick(), 250);
    };

    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem(t('scan.noCamera'));
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        if (stopped) {
          media.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = media;
        if (video.current) {
          video.current.srcObject = media;
          await video.current.play().catch(() => undefined);
        }
        void tick();
      })
      .catch(() => setProblem(t('scan.cameraDenied')));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [t]);

  return (
    <div className={styles.camera}>
      {problem ? (
        <p role="alert">{problem}</p>
      ) : (
        <video
          ref={video}
          className={styles.video}
          muted
          playsInline
          aria-label={t('scan.cameraLabel')}
        />
      )}
    </div>
  );
}
