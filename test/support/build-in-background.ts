// globalSetup of the 'system' project: the dashboard's build begins with the run, so the files that
// need no server use the cores while it builds, instead of a worker waiting on the build's lock.
import { startTestBuild } from './start-server';

export default function setup(): () => Promise<void> {
  const build = startTestBuild();
  return () => build;
}
