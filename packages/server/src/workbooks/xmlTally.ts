/**
 * A running tally of one XML part as it is inflated, chunk by chunk, without parsing or keeping it: the
 * longest text between two tags (in characters, an entity counting as one), how many elements of some
 * names it opened (`row`, `c`, `si`; a namespace prefix is ignored), and the whole opening tag of a few
 * names handed to `onTag` (`mergeCell`, `dataValidation`, whose ranges the workbook library expands
 * cell by cell). Its checks throw from `push`, so a part is refused as soon as the fault is inflated.
 */

export interface TallyOptions {
  /** The longest text run allowed; beyond it `onLongText` is called (it throws). */
  maxTextRun: number;
  onLongText(): never;
  /** Element names to count (`counts`). */
  count?: readonly string[];
  /** Element names whose opening tag goes to `onTag`; a tag longer than `maxBytes` goes to `onTooLong` (it throws). */
  capture?: {
    names: readonly string[];
    maxBytes: number;
    onTag(name: string, tag: string): void;
    onTooLong(name: string): never;
  };
}

const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const SEMI = 0x3b;
/** Longer than any entity (`&#x10FFFF;`): an `&` without a `;` soon after counts its bytes again. */
const MAX_ENTITY = 12;

export class XmlTally {
  readonly counts = new Map<string, number>();
  private inTag = false;
  private run = 0;
  private entity = -1;
  /** The name of the tag being opened while it is read; null once the name is over. */
  private name: string | null = null;
  private captured: { name: string; bytes: number[] } | null = null;

  constructor(private readonly o: TallyOptions) {
    for (const n of o.count ?? []) this.counts.set(n, 0);
  }

  push(chunk: Uint8Array): void {
    const o = this.o;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (this.inTag) {
        if (this.captured) {
          if (this.captured.bytes.length >= o.capture!.maxBytes) o.capture!.onTooLong(this.captured.name);
          this.captured.bytes.push(b);
        }
        if (b === GT) {
          if (this.name !== null) this.nameDone();
          this.inTag = false;
          this.run = 0;
          if (this.captured) {
            const { name, bytes } = this.captured;
            this.captured = null;
            o.capture!.onTag(name, Buffer.from(bytes).toString('utf8'));
          }
        } else if (this.name !== null) {
          if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x2f) this.nameDone();
          else if (this.name.length < 64) this.name += String.fromCharCode(b);
        }
        continue;
      }
      if (b === LT) {
        this.inTag = true;
        this.name = '';
        this.entity = -1;
        continue;
      }
      // A character starts at every byte that is not a UTF-8 continuation byte.
      if ((b & 0xc0) === 0x80) continue;
      if (this.entity >= 0) {
        this.entity++;
        if (b === SEMI || this.entity > MAX_ENTITY) this.entity = -1;
        if (b === SEMI) continue;
        if (this.entity >= 0) continue;
      }
      if (b === AMP) this.entity = 0;
      if (++this.run > o.maxTextRun) o.onLongText();
    }
  }

  /** The tag's name is read: count it, and start capturing the tag if asked. */
  private nameDone(): void {
    const raw = this.name!;
    this.name = null;
    const local = raw.slice(raw.indexOf(':') + 1);
    const n = this.counts.get(local);
    if (n !== undefined) this.counts.set(local, n + 1);
    if (this.o.capture?.names.includes(local)) this.captured = { name: local, bytes: [...Buffer.from(`<${raw} `)] };
  }
}
