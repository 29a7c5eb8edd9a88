import { Dialog } from '../shared/Dialog.js';
import type { HelpMedia } from './helpCore.js';
import type { HelpWidgetMessages } from './messages.js';

export interface MediaDialogProps {
  title: string;
  media: HelpMedia;
  messages: HelpWidgetMessages;
  onClose: () => void;
}

/** 微信端 / TV端: the QR code to scan and the operation video, each only when the settings name one. */
export function MediaDialog({ title, media, messages: m, onClose }: MediaDialogProps) {
  return (
    <Dialog open title={title} closeLabel={m.closeDialog} onClose={onClose} part="media-dialog">
      {media.qr ? (
        <figure className="ds-help__qr">
          <img src={media.qr} alt={m.qr(title)} width={200} height={200} part="qr" />
          <figcaption>{m.scan}</figcaption>
        </figure>
      ) : null}
      {media.video ? (
        <video className="ds-help__video" src={media.video} width={640} height={360} controls preload="metadata" part="video" aria-label={m.video(title)}>
          {m.noVideo}
        </video>
      ) : null}
    </Dialog>
  );
}
