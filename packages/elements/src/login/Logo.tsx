import { useState } from 'react';

export interface LogoProps {
  src: string;
  alt: string;
}

/** The area's logo; a bureau without one simply shows none rather than a broken image. */
export function Logo({ src, alt }: LogoProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) return null;
  return <img className="ds-login__logo" part="logo" src={src} alt={alt} onError={() => setFailed(src)} />;
}
