import { describe, expect, it } from 'vitest';
import { openWithTicket, type PendingWindow, type TicketOpenSeams } from './openWithTicket';

function fakeWindow(): PendingWindow & { closedByUs: boolean } {
  const win = {
    closed: false,
    closedByUs: false,
    opener: {} as unknown,
    location: { href: 'about:blank' },
    close() {
      win.closed = true;
      win.closedByUs = true;
    },
    document: { title: '', body: { textContent: '' as string | null } },
  };
  return win;
}

const words = { opening: '正在进入，请稍候…', popupBlocked: '浏览器拦截了新窗口' };

function seams(over: Partial<TicketOpenSeams> & { win?: PendingWindow | null }) {
  const notices: Array<[string, string]> = [];
  const calls: string[] = [];
  const s: TicketOpenSeams = {
    openBlank: () => {
      calls.push('open');
      return over.win === undefined ? fakeWindow() : over.win;
    },
    ticket: async (target) => {
      calls.push(`ticket ${target}`);
      return { url: `https://growth.example.cn/?ticket=T-${target}` };
    },
    notify: (kind, text) => notices.push([kind, text]),
    words,
    ...over,
  };
  return { s, notices, calls };
}

describe('opening a single sign-on target', () => {
  it('opens the window before asking for the ticket (still inside the click), cut off from the portal, then sends it to the target', async () => {
    const win = fakeWindow();
    const { s, calls } = seams({ win });
    const done = openWithTicket('smartGrowth', s);
    expect(calls).toEqual(['open', 'ticket smartGrowth']);
    expect(win.opener).toBeNull();
    expect(win.document!.body!.textContent).toBe(words.opening);
    await expect(done).resolves.toBe('opened');
    expect(win.location.href).toBe('https://growth.example.cn/?ticket=T-smartGrowth');
  });

  it('closes the window and shows the server’s words when no ticket is given', async () => {
    const win = fakeWindow();
    const { s, notices } = seams({ win, ticket: async () => Promise.reject(new Error('该应用尚未配置地址，请联系管理员')) });
    await expect(openWithTicket('virtualSimulation', s)).resolves.toBe('failed');
    expect(win.closedByUs).toBe(true);
    expect(notices).toEqual([['error', '该应用尚未配置地址，请联系管理员']]);
  });

  it('says so when the browser blocked the window, and asks for no ticket', async () => {
    const { s, notices, calls } = seams({ win: null });
    await expect(openWithTicket('smartGrowth', s)).resolves.toBe('blocked');
    expect(calls).toEqual(['open']);
    expect(notices).toEqual([['warning', words.popupBlocked]]);
  });

  it('inside a device shell hands the address to the shell and opens no window', async () => {
    const opened: string[] = [];
    const { s, calls } = seams({ openExternal: async (url) => void opened.push(url) });
    await expect(openWithTicket('smartManagement', s)).resolves.toBe('opened');
    expect(calls).toEqual(['ticket smartManagement']);
    expect(opened).toEqual(['https://growth.example.cn/?ticket=T-smartManagement']);
  });
});
