'use client';
import { useAttentionAlerts } from './use-attention-alerts';

/** Header switches: desktop notifications and a chime when a session starts needing you. */
export function AlertToggles() {
  const alerts = useAttentionAlerts();
  const notifyTitle = alerts.blocked
    ? 'Notifications are blocked for this site in the browser'
    : 'Show a desktop notification when a session starts needing you (turn ended, approval asked, error)';
  return (
    <span className="alert-toggles">
      <button type="button" className="toggle-button" aria-pressed={alerts.notify} onClick={alerts.toggleNotify} title={notifyTitle} data-testid="notify-toggle" disabled={alerts.blocked && !alerts.notify}>
        {alerts.notify ? 'Notify: on' : 'Notify: off'}
      </button>
      <button type="button" className="toggle-button" aria-pressed={alerts.sound} onClick={alerts.toggleSound} title="Play a short chime when a session starts needing you" data-testid="sound-toggle">
        {alerts.sound ? 'Sound: on' : 'Sound: off'}
      </button>
    </span>
  );
}
