// `sessionscope --otlp URL`: the built dashboard (Next's server bundle of the exporter) sends what it
// reads to a loopback OTLP receiver, without a command run beside it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../support/start-server';
import { startOtlpReceiver, type OtlpReceiver } from '../support/otlp-receiver';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
let server: StartedServer | undefined;
let receiver: OtlpReceiver | undefined;
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

it('exports every finished turn while the dashboard runs with --otlp', async () => {
  receiver = await startOtlpReceiver();
  const piDir = path.join(fixtures, 'pi-0.73.1', 'sessions');
  server = await startServer({ opencodeDir: path.join(fixtures, 'none'), piDir }, ['--otlp', receiver.url]);
  // The store is read when the first request asks for it; the export follows once the read is done.
  const missing = async (): Promise<string[] | undefined> => {
    const { sessions } = (await (await fetch(`${server!.url}/api/sessions`)).json()) as { sessions: { id: string; messageCount: number }[] };
    const exported = new Set(receiver!.accepted().map((s) => s.attributes['gen_ai.conversation.id']));
    const withMessages = sessions.filter((s) => s.messageCount > 0);
    return withMessages.length === 0 ? undefined : withMessages.filter((s) => !exported.has(s.id)).map((s) => s.id);
  };
  await expect.poll(missing, { timeout: 60_000 }).toEqual([]);
  expect(receiver.accepted().every((s) => s.resource['service.name'] === 'sessionscope')).toBe(true);
  expect(server.output()).not.toContain('OpenTelemetry export off');
}, 600_000);
