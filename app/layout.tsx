import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AppProviders } from '@/components/providers/app-providers';
import { AppHeader } from '@/components/shell/app-header';
import { APP_ICON_SVG } from '@/components/shell/app-icon';
import { StaleBanner } from '@/components/shell/stale-banner';
import './globals.css';

// Inline icon: no extra request (the CSP allows data: images); /favicon.ico serves the same (app/favicon.ico).
const ICON = `data:image/svg+xml,${encodeURIComponent(APP_ICON_SVG)}`;

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
