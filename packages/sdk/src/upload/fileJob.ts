import type { FileSource } from './fileSource.js';
import type { SpeedMeter } from './speedMeter.js';
import type { ResolvedUploaderOptions } from './uploaderOptions.js';

/** What a file keeps between runs (pause/resume, restarts) that the UI has no use for. */
export interface FileMemory {
  /** MD5 of the first and last 64 KB, stored with the resume record. */
  sample: string | undefined;
  chunkSize: number;
  /** The server may already hold chunks of this file: ask it before sending. */
  askServer: boolean;
  /** The server was asked whether it holds these bytes (秒传) and said no. */
  compared: boolean;
}

/** The engine's side of one file in the list: its bytes, its settings and what its runs remember. */
export interface Job {
  source: FileSource;
  /** The options as they were when the file was added (`configure` changes only later files). */
  options: ResolvedUploaderOptions;
  fingerprint: string;
  memory: FileMemory;
  meter: SpeedMeter;
  controller: AbortController | undefined;
}
