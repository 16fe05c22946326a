import type { QRCode } from '../lib/contract';

/** QRImage draws a QR code the server drew as a path: crisp at any size, with its quiet zone on white. */
export default function QRImage({ code, label }: { code: QRCode; label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${code.size} ${code.size}`} shapeRendering="crispEdges" className="mx-auto aspect-square w-full max-w-64 rounded-lg bg-white">
      <rect width={code.size} height={code.size} fill="#fff" />
      <path d={code.path} fill="#0f172a" />
    </svg>
  );
}
