import { Dialog } from '../shared/Dialog.js';
import type { Messages } from './messages.js';

export interface DeployFailureProps {
  open: boolean;
  messages: Messages;
  /** "知道了": the host page decides where to go (default: the site root, §8). */
  onAcknowledge: () => void;
}

/** §8: the deploy login found no usable user; one button back to the start. */
export function DeployFailure({ open, messages: m, onAcknowledge }: DeployFailureProps) {
  return (
    <Dialog open={open} title={m.deployFailedTitle} closeLabel={m.close} onClose={onAcknowledge} role="alertdialog" part="deploy-dialog">
      <p>{m.deployFailedBody}</p>
      <button type="button" className="ds-dialog__action" part="deploy-ok" onClick={onAcknowledge} autoFocus>
        {m.gotIt}
      </button>
    </Dialog>
  );
}
