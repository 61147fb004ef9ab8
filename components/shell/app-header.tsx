'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useCallback, useRef, useState } from 'react';
import { useHeightVariable } from '@/components/ui/use-height-variable';
import { HeaderSearch } from '@/components/search/header-search';
import { AlertToggles } from './alert-toggles';
import { LiveIndicator } from './live-indicator';
import { KeyboardShortcuts } from './keyboard-shortcuts';
import { ShortcutsHelp } from './shortcuts-help';
import { useWaitingTitle } from './use-waiting-title';

const NAV = [
  { href: '/', label: 'Overview', match: (p: string) => p === '/' },
  { href: '/sessions', label: 'Sessions', match: (p: string) => p.startsWith('/sessions') },
  { href: '/plans', label: 'Plans', match: (p: string) => p.startsWith('/plans') },
  { href: '/tools', label: 'Tools & models', match: (p: string) => p.startsWith('/tools') },
  { href: '/diagnostics', label: 'Diagnostics', match: (p: string) => p.startsWith('/diagnostics') },
];

export function AppHeader() {
  const pathname = usePathname() ?? '/';
  const waiting = useWaitingTitle();
  const [help, setHelp] = useState(false);
  // Below 1,000 px the links fold into a menu; it closes when a link is followed.
  const [menu, setMenu] = useState(false);
  const [menuFor, setMenuFor] = useState(pathname);
  if (menuFor !== pathname) {
    setMenuFor(pathname);
    setMenu(false);
  }
  const openHelp = useCallback(() => setHelp(true), []);
  const ref = useRef<HTMLElement>(null);
  useHeightVariable(ref, '--header-height');
  const current = NAV.find((item) => item.match(pathname));
  return (
    <header className={`app-header${menu ? ' menu-open' : ''}`} ref={ref}>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <Link href="/" className="brand">
        Sessionscope
      </Link>
      <button type="button" className="menu-button" aria-expanded={menu} aria-controls="main-nav" onClick={() => setMenu(!menu)} data-testid="menu-button">
        {current?.label ?? (pathname.startsWith('/search') ? 'Search' : 'Menu')} <span aria-hidden>▾</span>
      </button>
      <nav aria-label="Main" id="main-nav">
        {NAV.map((item) => (
          <Link key={item.href} href={item.href} className="nav-link" aria-current={item.match(pathname) ? 'page' : undefined}>
            {item.label}
          </Link>
        ))}
      </nav>
      <div className="header-end">
        <HeaderSearch />
        {waiting > 0 ? (
          <Link href="/sessions?needs=you&roots=1" className="waiting-pill" data-testid="waiting-count">
            {waiting}
            <span className="pill-text"> need{waiting === 1 ? 's' : ''} you</span>
          </Link>
        ) : null}
        <button type="button" className="keys-hint" onClick={openHelp} aria-haspopup="dialog" title="Keyboard shortcuts (?)" data-testid="keys-button">
          <span aria-hidden>⌨</span> keys<span className="sr-only"> (keyboard shortcuts, ?)</span>
        </button>
        <AlertToggles />
        <LiveIndicator />
      </div>
      <KeyboardShortcuts onHelp={openHelp} />
      <ShortcutsHelp open={help} onClose={() => setHelp(false)} />
    </header>
  );
}
