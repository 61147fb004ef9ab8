'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { HeaderSearch } from '@/components/search/header-search';
import { AlertToggles } from './alert-toggles';
import { LiveIndicator } from './live-indicator';
import { KeyboardShortcuts } from './keyboard-shortcuts';
import { useWaitingTitle } from './use-waiting-title';

const NAV = [
  { href: '/', label: 'Overview', match: (p: string) => p === '/' },
  { href: '/sessions', label: 'Sessions', match: (p: string) => p.startsWith('/sessions') },
  { href: '/plans', label: 'Plans', match: (p: string) => p.startsWith('/plans') },
  { href: '/diagnostics', label: 'Diagnostics', match: (p: string) => p.startsWith('/diagnostics') },
];

export function AppHeader() {
  const pathname = usePathname() ?? '/';
  const waiting = useWaitingTitle();
  return (
    <header className="app-header">
      <Link href="/" className="brand">
        Sessionscope
      </Link>
      <nav aria-label="Main">
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
            {waiting} need{waiting === 1 ? 's' : ''} you
          </Link>
        ) : null}
        <span className="keys-hint muted" title="Keys: j / k move · Enter opens · / search · g o overview · g s sessions · g p plans · g d diagnostics" aria-label="Keyboard shortcuts: j and k move, Enter opens, slash searches, g o overview, g s sessions, g p plans, g d diagnostics">
          ⌨ keys
        </span>
        <AlertToggles />
        <LiveIndicator />
      </div>
      <KeyboardShortcuts />
    </header>
  );
}
