// setupFiles of the 'system' project: a file begins once the dashboard's build is there (begun with
// the run by build-in-background.ts), waiting in a hook with the hooks' time limit: a test that starts
// a server would otherwise spend its own 30 s waiting for the build.
import { beforeAll } from 'vitest';
import { ensureTestBuild } from './start-server';

beforeAll(() => ensureTestBuild(), 900_000);
