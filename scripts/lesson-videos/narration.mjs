/**
 * Narration of a demo lesson video: every sentence spoken by espeak-ng into its own WAV, laid end to end
 * (22.05 kHz mono 16-bit PCM) with pauses, one caption cue per sentence at the time it is heard.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const RATE = 22050;
const SPEED = { cmn: 165, 'en-us': 145, 'en-gb': 145 };
/** Seconds of quiet before the first sentence of a segment, between sentences, after the last. */
const LEAD = 0.6;
const GAP = 0.45;
const TAIL = 1.2;
/** The title card stays at least this long, each slide at least the next. */
const MIN_TITLE = 6;
const MIN_SLIDE = 7;

/** The PCM samples of a WAV file written by espeak-ng (the data chunk, whatever its header says). */
function pcm(file) {
  const buf = readFileSync(file);
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') throw new Error(`${file}: not a WAV file`);
  let at = 12;
  while (at + 8 <= buf.length) {
    const id = buf.toString('ascii', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      const rate = buf.readUInt32LE(at + 12);
      if (rate !== RATE || buf.readUInt16LE(at + 10) !== 1) throw new Error(`${file}: expected ${RATE} Hz mono, got ${rate} Hz`);
    }
    if (id === 'data') return buf.subarray(at + 8, Math.min(buf.length, at + 8 + size));
    at += 8 + size + (size % 2);
  }
  throw new Error(`${file}: no data chunk`);
}

function wavHeader(bytes) {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + bytes, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(RATE, 24);
  h.writeUInt32LE(RATE * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(bytes, 40);
  return h;
}

const silence = (seconds) => Buffer.alloc(Math.round(seconds * RATE) * 2);

/**
 * parts: per segment (title card, slides) its sentences [{ text, voice }].
 * Returns the WAV written to `file`, each segment's length in seconds, the total and the caption cues.
 */
export function buildAudio(parts, file, work) {
  const chunks = [];
  const cues = [];
  const segments = [];
  let clock = 0;
  let n = 0;
  parts.forEach((sentences, index) => {
    const start = clock;
    const add = (buf) => {
      chunks.push(buf);
      clock += buf.length / 2 / RATE;
    };
    add(silence(LEAD));
    sentences.forEach((s, i) => {
      const wav = path.join(work, `say-${n++}.wav`);
      execFileSync('espeak-ng', ['-v', s.voice, '-s', String(SPEED[s.voice] ?? 150), '-w', wav, s.text]);
      const speech = pcm(wav);
      const from = clock;
      add(speech);
      cues.push({ start: from, end: clock, text: s.text });
      if (i < sentences.length - 1) add(silence(GAP));
    });
    const min = index === 0 ? MIN_TITLE : MIN_SLIDE;
    add(silence(Math.max(TAIL, min - (clock - start))));
    segments.push(clock - start);
  });
  const body = Buffer.concat(chunks);
  writeFileSync(file, Buffer.concat([wavHeader(body.length), body]));
  return { file, segments, total: clock, cues };
}

const stamp = (t) => {
  const ms = Math.round(t * 1000);
  const h = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const m = String(Math.floor((ms / 60_000) % 60)).padStart(2, '0');
  const s = String(Math.floor((ms / 1000) % 60)).padStart(2, '0');
  return `${h}:${m}:${s}.${String(ms % 1000).padStart(3, '0')}`;
};

/** WebVTT of the cues: the words the voice says, while it says them. */
export function toVtt(cues, lang) {
  const body = cues.map((c, i) => `${i + 1}\n${stamp(c.start)} --> ${stamp(c.end)}\n${c.text}\n`).join('\n');
  return `WEBVTT\nKind: captions\nLanguage: ${lang}\n\n${body}`;
}
