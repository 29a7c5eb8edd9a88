import { expect } from 'chai';
import { registeredTags } from './register.js';

interface Manifest {
  modules: Array<{ declarations?: Array<{ tagName?: string; customElement?: boolean; events?: Array<{ name: string }> }> }>;
}

/** custom-elements.json is generated from the elements' JSDoc; a tag missing there is undocumented. */
describe('custom-elements.json', () => {
  it('documents every registered ds-* tag', async () => {
    const response = await fetch('/custom-elements.json');
    expect(response.ok, 'run `npx cem analyze` in packages/elements first').to.equal(true);
    const manifest = (await response.json()) as Manifest;
    const documented = new Set(
      manifest.modules.flatMap((module) => module.declarations ?? []).map((declaration) => declaration.tagName).filter(Boolean),
    );
    expect(registeredTags.size).to.be.greaterThan(0);
    for (const tag of registeredTags) {
      expect(documented.has(tag), `${tag} is registered but missing from custom-elements.json`).to.equal(true);
      expect(customElements.get(tag), `${tag} is not defined`).to.not.equal(undefined);
    }
  });

  it('names the ds-login events', async () => {
    const manifest = (await (await fetch('/custom-elements.json')).json()) as Manifest;
    const login = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'ds-login');
    expect(login?.events?.map((event) => event.name)).to.include.members(['ds-login-success', 'ds-login-failure']);
  });
});
