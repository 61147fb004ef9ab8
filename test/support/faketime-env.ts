// A run of the suite on a later date, to find the tests that would then fail (fixtures are recorded
// on fixed days), under libfaketime with a relative offset:
//   FAKETIME='+40d' LD_PRELOAD=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1 npx vitest run
// (a given moment: FAKETIME="+$(( $(date -d '2027-01-01 00:30' +%s) - $(date +%s) ))"). The dashboard
// and Chromium inherit it; this passes it on to the children that tests start with an environment of
// their own (the CLI, the real agents), which would otherwise read the real clock beside a faked one.
// Not FAKETIME_SHARED: the parent's shared clock, which Claude Code fails to open (it exits 1); with a
// relative offset each process needs none. ccusage is a static binary that libfaketime cannot reach:
// its "block running now" disagrees under a faked clock. Empty without FAKETIME.
export function faketimeEnv(): Record<string, string> {
  if (!process.env.FAKETIME) return {};
  const passed = (key: string) => (key.startsWith('FAKETIME') && key !== 'FAKETIME_SHARED') || key === 'LD_PRELOAD' || key === 'DONT_FAKE_MONOTONIC';
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && passed(e[0])));
}
