import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useT } from '../i18n/useT';
import { useRestoredScroll } from '../routes/restoredScroll';
import { BootNotice } from './BootNotice';
import { Footer } from './Footer';
import { Header } from './Header';
import { LoginNotice } from './LoginNotice';
import { useDocumentTitle } from './useDocumentTitle';
import './shell.css';

// The floating help widget and the back-to-top button are no part of the first paint: they load after the page.
const ShellHelpWidget = lazy(() => import('./ShellHelpWidget'));
const BackToTop = lazy(() => import('./BackToTop'));

/** The frame around every user-facing screen: header, content, footer, back-to-top (spec §2 "/"). */
export function Shell() {
  const t = useT();
  useDocumentTitle();
  useRestoredScroll();
  return (
    <div className="ds-shell">
      <a className="ds-skip-link" href="#ds-main" onClick={(e) => {
        // A hash link would be read as a route by the hash router: move focus instead.
        e.preventDefault();
        document.getElementById('ds-main')?.focus();
      }}>
        {t('skipToContent')}
      </a>
      {/*
        A new screen opens at its top, back and forward return to where the reader was (positions by
        history entry, kept for the tab's session; useRestoredScroll goes on there as the screen's list
        arrives). Changes of a screen's own address (filters, a table's page, a saved draft's id) ask
        for preventScrollReset and keep the place.
      */}
      <ScrollRestoration />
      <Header />
      <BootNotice />
      <LoginNotice />
      <main id="ds-main" className="ds-main" tabIndex={-1}>
        <div className="ds-container">
          <Outlet />
        </div>
      </main>
      <Footer />
      <Suspense fallback={null}>
        <BackToTop />
        <ShellHelpWidget />
      </Suspense>
    </div>
  );
}
