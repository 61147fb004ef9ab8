// OpenCode leaves children behind (`bun install`, LSP servers): each binary a test starts runs in
// its own process group, killed when the binary is done and, at the latest, when the tests exit.

const liveGroups = new Set<number>();
let exitHookInstalled = false;

/** Remembers a detached child's group, to be killed if the test process exits first. */
export function trackGroup(pid: number): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const group of [...liveGroups]) killGroup(group);
    });
  }
  liveGroups.add(pid);
}

/** Ends a process group we started. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
  liveGroups.delete(pid);
}
