/**
 * A reader for nginx configuration files, enough for the deploy checks: directives (`name args;`) and
 * blocks (`name args { … }`), comments and quoted strings. Gives a tree to ask for directives by name.
 */
export interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

function tokens(text: string): string[] {
  const out: string[] = [];
  const re = /#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};"'#]+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].startsWith('#')) continue;
    out.push(m[1] ?? m[2] ?? m[3] ?? m[4]!);
  }
  return out;
}

export function parseNginx(text: string): Directive[] {
  const list = tokens(text);
  let at = 0;
  const read = (): Directive[] => {
    const out: Directive[] = [];
    while (at < list.length) {
      const token = list[at++]!;
      if (token === '}') return out;
      const words = [token];
      while (at < list.length && list[at] !== ';' && list[at] !== '{') words.push(list[at++]!);
      const end = list[at++];
      if (end === undefined) throw new Error(`unterminated directive "${words.join(' ')}"`);
      const [name, ...args] = words as [string, ...string[]];
      out.push(end === '{' ? { name, args, block: read() } : { name, args });
    }
    return out;
  };
  return read();
}

/** The directives named `name` directly in `scope`. */
export const all = (scope: Directive[], name: string) => scope.filter((d) => d.name === name);
/** The one directive named `name` (throws when absent) — its arguments. */
export function one(scope: Directive[], name: string): string[] {
  const found = all(scope, name);
  if (found.length !== 1) throw new Error(`expected one "${name}", found ${found.length}`);
  return found[0]!.args;
}

/** nginx sizes (`11m`, `1k`, `512`) in bytes. */
export function bytesOf(size: string): number {
  const m = /^(\d+)([kKmMgG]?)$/.exec(size);
  if (!m) throw new Error(`not an nginx size: ${size}`);
  return Number(m[1]) * ({ '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 } as Record<string, number>)[m[2]!.toLowerCase()]!;
}

/** nginx times (`35s`, `2m`, `500ms`; bare numbers are seconds) in milliseconds. */
export function msOf(time: string): number {
  const m = /^(\d+)(ms|s|m|h)?$/.exec(time);
  if (!m) throw new Error(`not an nginx time: ${time}`);
  return Number(m[1]) * ({ ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as Record<string, number>)[m[2] ?? 's']!;
}
