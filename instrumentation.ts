/** Starts reading the data when the server starts, so the first page does not wait for it. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getRuntime } = await import('./lib/server/store/get-store');
  getRuntime();
}
