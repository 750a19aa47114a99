/**
 * Place-taking writes of one slot, paced in this process (docs/decisions/0238-booking-rush.md, R-BOOK-5).
 * Writes go out together while the places they ask for fit in what the slot was last seen to have
 * left; the others wait. Each write's answer says how many places the slot had left. A request that
 * was already waiting when a write was sent that found too few places for it is refused by that
 * answer, without a write of its own. That refusal is exact, not a guess from a cache: the request was
 * under way at the moment the write saw the slot, so "full" was its true answer then. A rush on one
 * warm process thus costs about one write per place sold, plus one; whoever arrives later writes again.
 *
 * The writes stay conditional (services/slot-holds.ts): the pacing decides only who writes when,
 * never who gets a place. On AWS a function instance serves one request at a time, so there nobody
 * waits and every request writes; the pacing matters where one process serves many (the local runtime).
 */
interface Seen {
  /** When the write was sent (performance.now()). */
  sentAt: number;
  left: number;
}

interface Waiter {
  began: number;
  places: number;
  answer: (verdict: { go: true } | { go: false; left: number }) => void;
}

interface Gate {
  seen?: Seen;
  /** Places asked for by the writes under way. */
  inFlight: number;
  /** The places the slot had by the caller's read, until a write answers. */
  hint: number;
  queue: Waiter[];
}

const gates = new Map<string, Gate>();

/**
 * Runs `write` for a request asking `places` of the slot `key`, or answers `refused(left)` when a
 * write sent after this request began found fewer places than it asks. `write` answers its outcome
 * and the places it saw left (null when it could not tell: the slot moved, the service is gone).
 */
export async function throughSlotGate<T>(
  key: string,
  ask: { places: number; hint: number },
  write: () => Promise<{ outcome: T; left: number | null }>,
  refused: (left: number) => T,
): Promise<T> {
  const began = performance.now();
  let gate = gates.get(key);
  if (!gate) {
    gate = { inFlight: 0, hint: ask.hint, queue: [] };
    gates.set(key, gate);
  }
  const g = gate;
  const verdict = await new Promise<{ go: true } | { go: false; left: number }>((answer) => {
    g.queue.push({ began, places: ask.places, answer });
    pump(key, g);
  });
  if (!verdict.go) return refused(verdict.left);
  const sentAt = performance.now();
  try {
    const { outcome, left } = await write();
    if (left !== null && (!g.seen || sentAt >= g.seen.sentAt)) g.seen = { sentAt, left };
    return outcome;
  } finally {
    g.inFlight -= ask.places;
    pump(key, g);
  }
}

/** Answers every waiter it can: refused by what was seen since it began, or sent while its places fit. */
function pump(key: string, g: Gate): void {
  const left = g.seen?.left ?? g.hint;
  g.queue = g.queue.filter((w) => {
    if (g.seen && g.seen.sentAt >= w.began && g.seen.left < w.places) {
      w.answer({ go: false, left: g.seen.left });
      return false;
    }
    if (g.inFlight === 0 || g.inFlight + w.places <= left) {
      g.inFlight += w.places;
      w.answer({ go: true });
      return false;
    }
    return true;
  });
  // Nobody waiting or writing: nobody can be refused by what was seen, so the gate goes.
  if (g.queue.length === 0 && g.inFlight === 0 && gates.get(key) === g) gates.delete(key);
}
