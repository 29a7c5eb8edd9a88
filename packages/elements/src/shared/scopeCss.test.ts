import { expect } from 'chai';
import { scopeCss } from './scopeCss.js';

const SCOPE = '[data-ds-root="ds-lesson-player"]';

describe('scopeCss', () => {
  it('puts every rule of a library sheet behind the scope, keeping its specificity, inside @media too', () => {
    const css = scopeCss('.plyr, a.plyr__control:not(.a, .b) { color: red } @media (min-width: 480px) { .plyr__menu [role="menu"] { margin: 0 } } @keyframes plyr-fade { to { opacity: 1 } }', SCOPE);
    expect(css).to.contain(`:where(${SCOPE}) .plyr, :where(${SCOPE}) a.plyr__control:not(.a, .b) { color: red; }`);
    expect(css).to.contain(`@media (min-width: 480px) {\n  :where(${SCOPE}) .plyr__menu [role="menu"] { margin: 0px; }\n}`);
    // A @keyframes' steps are left as they are.
    expect(css).to.match(/@keyframes plyr-fade \{\s*(to|100%) \{ opacity: 1; \}\s*\}/);
  });

  it('styles what is inside the scope, and nothing of the page around it', () => {
    const style = document.createElement('style');
    style.textContent = scopeCss('.plyr { display: flex }', SCOPE);
    document.head.append(style);
    document.body.insertAdjacentHTML('beforeend', `<div class="plyr" id="page-own"></div><div data-ds-root="ds-lesson-player"><div class="plyr" id="inside"></div></div>`);
    try {
      expect(getComputedStyle(document.getElementById('inside')!).display).to.equal('flex');
      expect(getComputedStyle(document.getElementById('page-own')!).display).to.equal('block');
    } finally {
      style.remove();
      document.getElementById('page-own')!.remove();
      document.querySelector('[data-ds-root="ds-lesson-player"]')!.remove();
    }
  });
});
