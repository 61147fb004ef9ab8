import 'server-only';
import { parseArgs } from 'node:util';
import type { Command } from '../commands';
import { applyDataOptions, DATA_OPTIONS, DATA_OPTIONS_HELP } from '../data-options';
import { openLocalHistory } from '../local-history';
import { progressBar } from '../progress';
import { ExportLedger } from '../../export/otlp/export-ledger';
import { exportHistory, type ExportSummary } from '../../export/otlp/export-history';
import { resolveOtlpTarget } from '../../export/otlp/otlp-target';
import { createTraceSender } from '../../export/otlp/trace-sender';

const HELP = `Usage: sessionscope export --otlp URL [--export-text] [--batch N] [data options]

Sends every finished turn of every session found (all sources) as OpenTelemetry traces over OTLP/HTTP,
then exits. A turn the endpoint acknowledged is never sent to it again (the session database keeps
the ledger): run it again to send what is new, or to resume an export that stopped.

  --otlp URL        the endpoint (as OTEL_EXPORTER_OTLP_ENDPOINT: /v1/traces is added unless given);
                    default OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, then OTEL_EXPORTER_OTLP_ENDPOINT
  --export-text     include prompt, completion and tool text (default: figures and names only)
  --batch N         traces per request (default 100)
  ${DATA_OPTIONS_HELP}

  OTEL_EXPORTER_OTLP_HEADERS="Authorization=Basic ..."  headers (an API key), as the exporters take them
  OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf|http/json   encoding (default http/protobuf)`;

const OPTIONS = {
  ...DATA_OPTIONS,
  otlp: { type: 'string' },
  'export-text': { type: 'boolean' },
  batch: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function describeSummary(summary: ExportSummary, endpoint: string): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const lines = [`${n(summary.traces)} turns sent (${n(summary.spans)} spans) to ${endpoint}, from ${n(summary.sessions)} sessions`];
  if (summary.alreadySent > 0) lines.push(`${n(summary.alreadySent)} turns sent before: not sent again`);
  if (summary.running > 0) lines.push(`${n(summary.running)} turns still running: sent by a later export once finished`);
  if (summary.failed) lines.push(`stopped: ${summary.failed}; run it again to resume`);
  return lines.join('\n');
}

export const exportCommand: Command = {
  summary: 'send every session as OpenTelemetry traces (--otlp URL)',
  async run(args) {
    let values;
    try {
      values = parseArgs({ args, options: OPTIONS, allowPositionals: false, strict: true }).values;
    } catch (error) {
      console.error(`sessionscope export: ${(error as Error).message}\n\n${HELP}`);
      return 2;
    }
    if (values.help) {
      console.log(HELP);
      return 0;
    }
    const batch = values.batch === undefined ? undefined : Number(values.batch);
    if (batch !== undefined && !(Number.isInteger(batch) && batch > 0)) {
      console.error(`sessionscope export: --batch must be a whole number above 0, got "${values.batch}"`);
      return 2;
    }
    let target;
    try {
      target = resolveOtlpTarget(values.otlp);
    } catch (error) {
      console.error(`sessionscope export: ${(error as Error).message}\n\n${HELP}`);
      return 2;
    }
    applyDataOptions(values);
    const history = await openLocalHistory();
    const sender = await createTraceSender(target);
    try {
      const db = history.store.sessionDb?.db;
      if (!db) throw new Error('the session database cannot be opened: it keeps what was sent');
      const progress = progressBar('Exporting');
      const summary = await exportHistory(history.store, {
        endpoint: target.url,
        sender,
        ledger: new ExportLedger(db),
        exportText: Boolean(values['export-text']),
        batch,
        onProgress: (done, total) => progress.update(done, total, 'sessions'),
      });
      progress.end();
      console.log(describeSummary(summary, target.url));
      return summary.failed ? 1 : 0;
    } finally {
      await sender.shutdown().catch(() => undefined);
      history.close();
    }
  },
};
