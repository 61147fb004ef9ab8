import type { MessageError } from '@/lib/model/message';

export function MessageErrorView({ error }: { error: MessageError }) {
  const aborted = error.name === 'MessageAbortedError';
  return (
    <div className={aborted ? 'notice notice-muted' : 'notice notice-error'} role={aborted ? undefined : 'note'}>
      <strong>{aborted ? 'Aborted' : 'API error'}</strong> {error.name}: {error.message}
      {error.statusCode ? ` (HTTP ${error.statusCode})` : ''}
      {error.isRetryable ? ' · retryable' : ''}
    </div>
  );
}
