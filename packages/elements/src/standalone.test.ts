import { expect } from 'chai';
import { waitFor } from './test/waitFor.js';
import { apiBase } from './test/apiBase.js';

/**
 * The published bundle as a bureau page uses it: one module script, then plain tags. Runs against
 * `dist/` (build with `npx rollup -c`); skipped when there is no build yet.
 */
describe('dist/ds-elements.js on a plain page', () => {
  it('registers ds-login and renders the form from the server configuration', async function () {
    const bundle = '/dist/ds-elements.js';
    if (!(await fetch(bundle, { method: 'HEAD' })).ok) {
      this.skip();
      return;
    }
    await import(/* @vite-ignore */ bundle);
    expect(customElements.get('ds-login')).to.not.equal(undefined);
    const el = document.createElement('ds-login');
    el.setAttribute('api-base', apiBase());
    document.body.append(el);
    // The remember checkbox only appears once the global config came back from the server.
    await waitFor(() => el.shadowRoot?.querySelector('input[name="remember"]'));
    expect(el.shadowRoot!.querySelector('label')!.textContent).to.equal('账号');
    el.remove();
  });
});
