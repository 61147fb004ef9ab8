import { APP_ICON_SVG } from '@/components/shell/app-icon';

// A browser that asks for /favicon.ico before the page's head names the inline icon (a slow,
// streamed page) gets the same icon, not a 404 in its console.
export const dynamic = 'force-static';

export function GET(): Response {
  return new Response(APP_ICON_SVG, { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' } });
}
