import { Codes, isDsError, messageFor } from '@dscloud/sdk/errors';
import { App, Modal } from 'antd';
import { useCallback, type ReactElement } from 'react';
import { useLocale, useT } from '../../i18n/useT';

export interface ActionOptions {
  /** The call; a rejection is reported, never thrown on. */
  action: () => Promise<unknown>;
  /**
   * Ask first. `'delete'` is the spec §8 default (提示 / 确定要删除吗); an object says what is asked
   * (title defaults to 提示). Omit to run at once.
   */
  confirm?: 'delete' | { title?: string; content: string; danger?: boolean };
  /** Runs after a success (reload the table, clear the selection). */
  done?: () => void;
}

export interface Actions {
  /** Resolves true when the action ran and succeeded. */
  run: (options: ActionOptions) => Promise<boolean>;
  /** Render once in the screen: the dialogs live there, inside the screen's theme and locale. */
  holder: ReactElement;
}

/**
 * Row and batch actions with the spec §8 behaviour: an optional confirmation, then 操作成功 or
 * 操作失败 with the server's words and code. A 2810137 answer (a lesson still in use) is a warning
 * that shows the server's message, not a failure.
 */
export function useActions(): Actions {
  const t = useT();
  const locale = useLocale();
  const { message } = App.useApp();
  const [modal, holder] = Modal.useModal();

  const perform = useCallback(
    async ({ action, done }: ActionOptions): Promise<boolean> => {
      try {
        await action();
        void message.success(t('kit.success'));
        done?.();
        return true;
      } catch (error) {
        if (isDsError(error) && error.code === Codes.LESSON_DELETE_WARNING) {
          modal.warning({ title: messageFor(Codes.LESSON_DELETE_WARNING, locale), content: `${error.message}（${error.code}）` });
        } else {
          const text = isDsError(error) ? `${error.message}（${error.code}）` : error instanceof Error ? error.message : String(error);
          void message.error(`${t('kit.failure')}：${text}`);
        }
        return false;
      }
    },
    [message, modal, t, locale],
  );

  const run = useCallback(
    (options: ActionOptions): Promise<boolean> => {
      if (!options.confirm) return perform(options);
      const ask = options.confirm === 'delete' ? { content: t('kit.confirm.delete'), danger: true } : options.confirm;
      return new Promise<boolean>((resolve) => {
        void modal.confirm({
          title: ('title' in ask && ask.title) || t('kit.confirm.title'),
          content: ask.content,
          okText: t('kit.ok'),
          cancelText: t('kit.cancel'),
          okButtonProps: ask.danger ? { danger: true } : undefined,
          onOk: async () => resolve(await perform(options)),
          onCancel: () => resolve(false),
        });
      });
    },
    [modal, perform, t],
  );

  return { run, holder };
}
