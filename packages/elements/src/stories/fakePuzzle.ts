import type { CaptchaPuzzle } from '@dscloud/sdk/auth';

const W = 310;
const H = 155;
const PIECE = 50;

/** A puzzle drawn on a canvas, shaped like the server's (310×155 background, 50×50 piece). */
export function fakePuzzle(holeX = 190, holeY = 55): CaptchaPuzzle {
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const g = canvas.getContext('2d')!;
  const gradient = g.createLinearGradient(0, 0, W, H);
  gradient.addColorStop(0, '#7fb3f5');
  gradient.addColorStop(1, '#2e6bd1');
  g.fillStyle = gradient;
  g.fillRect(0, 0, W, H);
  for (let i = 0; i < 12; i++) {
    g.fillStyle = `hsl(${(i * 37) % 360} 60% 70% / 0.6)`;
    g.beginPath();
    g.arc((i * 53) % W, (i * 29) % H, 14 + (i % 4) * 6, 0, Math.PI * 2);
    g.fill();
  }
  const piece = document.createElement('canvas');
  piece.width = PIECE;
  piece.height = PIECE;
  piece.getContext('2d')!.drawImage(canvas, holeX, holeY, PIECE, PIECE, 0, 0, PIECE, PIECE);
  g.fillStyle = 'rgb(0 0 0 / 0.45)';
  g.fillRect(holeX, holeY, PIECE, PIECE);
  return { captchaId: crypto.randomUUID(), background: canvas.toDataURL('image/png'), piece: piece.toDataURL('image/png'), pieceY: holeY, width: W, height: H, pieceSize: PIECE };
}
