/**
 * The slider puzzle the login service serves to a client after failed attempts (docs/api.md,
 * `GET /cas/captcha`): the answer is the hole's left `x` in px. It lives beside the platform ids because
 * both are what the login and a client exchange about that client, and this module is free of any
 * browser or Node API, so the server answers with this very type.
 */
export interface CaptchaPuzzle {
  captchaId: string;
  /** PNG data URL of the picture with the hole. */
  background: string;
  /** PNG data URL of the piece, `pieceSize` px square. */
  piece: string;
  pieceY: number;
  width: number;
  height: number;
  pieceSize: number;
}
