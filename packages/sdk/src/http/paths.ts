/** Service prefixes (DESIGN.md): configured at run time, one origin with these defaults on the reference server. */
export interface Prefixes {
  cas: string;
  base: string;
  file: string;
  business: string;
  cloudSchool: string;
}

export const DEFAULT_PREFIXES: Readonly<Prefixes> = Object.freeze({
  cas: '/cas',
  base: '/base',
  file: '/file',
  business: '/business',
  cloudSchool: '/cloudSchool',
});

export type PathBuilder = (path: string) => string;
export type Paths = { readonly [K in keyof Prefixes]: PathBuilder };

/** `paths.base('/v1/user/current')` → '/base/v1/user/current', tolerant of missing or doubled slashes. */
export function createPaths(prefixes: Partial<Prefixes> = {}): Paths {
  const merged: Prefixes = { ...DEFAULT_PREFIXES, ...prefixes };
  const build = (prefix: string): PathBuilder => (path) => joinPath(prefix, path);
  return Object.freeze({
    cas: build(merged.cas),
    base: build(merged.base),
    file: build(merged.file),
    business: build(merged.business),
    cloudSchool: build(merged.cloudSchool),
  });
}

export function joinPath(prefix: string, path: string): string {
  const head = prefix.replace(/\/+$/, '');
  const tail = path.replace(/^\/+/, '');
  return tail ? `${head}/${tail}` : head || '/';
}
