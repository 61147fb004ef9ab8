import 'server-only';
import { totalsInFlight, yieldToRequests } from '../http/request-activity';

/**
 * How long after what it follows the work a start puts off waits for a page to ask for its
 * figures: a dashboard nobody looks at yet still gets its search index and plans soon.
 */
export const FIRST_ANSWER_WAIT_MS = 1_500;
/** At most this long for the first figures' response to go out before the put-off work starts. */
const RESPONSE_WAIT_MS = 1_000;

/**
 * Work a start can put off (the search index's catch-up, which compares every session and holds
 * the thread for seconds on a large history; following the plans of every project the sessions
 * name) waits for the first complete figures: a restart answers its first total from the session
 * database in a fraction of a second, and that work would otherwise run in front of the answer.
 */
export class FirstAnswerGate {
  private answeredYet = false;
  private opened = false;
  private open: () => void = () => undefined;
  private readonly answer = new Promise<void>((resolve) => (this.open = resolve));

  get answered(): boolean {
    return this.answeredYet;
  }

  /**
   * The first complete figures were computed: what waited for them may start once their response
   * is on its way (opened at once, the search index's catch-up ran in front of it for seconds).
   */
  markAnswered(): void {
    if (this.answeredYet) return;
    this.answeredYet = true;
    void yieldToRequests(RESPONSE_WAIT_MS, totalsInFlight).then(() => {
      this.opened = true;
      this.open();
    });
  }

  /** Resolves once `after` is done and the first figures were answered, or `waitMs` after `after` if no page asked. */
  async after(after: Promise<void>, waitMs = FIRST_ANSWER_WAIT_MS): Promise<void> {
    await after;
    if (this.opened) return;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
      timer.unref();
    });
    await Promise.race([this.answer, waited]);
    clearTimeout(timer);
  }
}

// On globalThis: Next's route bundles and the instrumentation hook may each load this module.
const KEY = Symbol.for('sessionscope.firstAnswer');
type GlobalWithGate = typeof globalThis & { [KEY]?: FirstAnswerGate };

function processGate(): FirstAnswerGate {
  const g = globalThis as GlobalWithGate;
  return (g[KEY] ??= new FirstAnswerGate());
}

/** `/api/stats` answered complete figures. */
export function firstFiguresAnswered(): void {
  if (!processGate().answered) processGate().markAnswered();
}

export function afterFirstAnswer(after: Promise<void>, waitMs = FIRST_ANSWER_WAIT_MS): Promise<void> {
  return processGate().after(after, waitMs);
}
