import type { FileMemory } from './fileJob.js';
import type { FileRunContext } from './fileRunContext.js';
import { isNetworkFailure, waitForNetwork } from './network.js';
import { canTransition } from './stateMachine.js';
import { isAbort } from '../http/abort.js';

/**
 * Whether a failure is a dropped line to be waited out rather than a failure: no answer came back
 * (the browser said it was offline, or the retries all went unanswered) during a step that talks to
 * the server. Such a failure spends no restart; the user has nothing to press.
 */
export function isOutage(ctx: FileRunContext, error: unknown): boolean {
  const file = ctx.current();
  return isNetworkFailure(error) && !!file.fileMd5 && canTransition(file.status, 'waitingForNetwork');
}

/**
 * Shows 网络已断开 on the file and waits until the network is back: the browser's `online` event or a
 * chunk-map query that gets an answer. Resolves true to go on (from the server's chunk map), false
 * when the file was paused or cancelled meanwhile.
 */
export async function waitOutOutage(ctx: FileRunContext, memory: FileMemory): Promise<boolean> {
  const { api, options, source, signal } = ctx;
  ctx.move('waitingForNetwork', { speed: 0, eta: undefined });
  const request = { fileMd5: ctx.current().fileMd5!, fileName: source.name, totalSize: source.size, chunkSize: memory.chunkSize };
  const probe = async (probeSignal: AbortSignal) => {
    try {
      await api.uploadStatus(request, probeSignal);
      return true;
    } catch (error) {
      if (isAbort(error)) throw error;
      // Any answer, even a refusal, means the line is up again; what it means for the file, the next run finds out.
      return !isNetworkFailure(error);
    }
  };
  try {
    await waitForNetwork({ network: options.network, clock: options.clock, probe, probeDelays: options.networkProbeDelays, signal });
  } catch {
    return false;
  }
  memory.askServer = true;
  return true;
}
