import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AppProviders } from '@/components/providers/app-providers';
import { AppHeader } from '@/components/shell/app-header';
import { StaleBanner } from '@/components/shell/stale-banner';
import './globals.css';

// Inline icon: no extra file, no /favicon.ico 404 (the CSP allows data: images).
const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#3b6cf6"/><circle cx="16" cy="16" r="8" fill="none" stroke="#fff" stroke-width="3"/><circle cx="16" cy="16" r="2.5" fill="#fff"/></svg>')}`;

export const metadata: Metadata = {
  title: 'Sessionscope',
  description: 'What your coding agents are doing, and what they cost',
  icons: { icon: ICON },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <AppProviders>
          <AppHeader />
          <StaleBanner />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
        </AppProviders>
      </body>
    </html>
  );
}
