import { describe, expect, it } from 'vitest';
import { dueAtOf, dueDateOf, overdueCutoff } from '../src/lib/working-days.ts';

// The working-day rule (lib/working-days.ts) on its own: 3 working days after the arrival day, Mon-Fri, holidays
// skipped, the end of that day in Asia/Jakarta.
describe('support due time (working days)', () => {
  const none = new Set<string>();

  it('counts from the day after arrival and skips the weekend', () => {
    expect(dueDateOf('2026-03-02', none)).toBe('2026-03-05'); // Mon → Thu
    expect(dueDateOf('2026-03-04', none)).toBe('2026-03-09'); // Wed → Mon
    expect(dueDateOf('2026-03-06', none)).toBe('2026-03-11'); // Fri → Wed
    expect(dueDateOf('2026-03-07', none)).toBe('2026-03-11'); // Sat → Wed
    expect(dueDateOf('2026-03-08', none)).toBe('2026-03-11'); // Sun → Wed
  });

  it('skips holidays, also next to a weekend', () => {
    expect(dueDateOf('2026-03-04', new Set(['2026-03-05']))).toBe('2026-03-10');
    expect(dueDateOf('2026-03-06', new Set(['2026-03-09', '2026-03-10']))).toBe('2026-03-13');
    // Nyepi and Idul Fitri 2026 (Thu 19, Fri 20 March): a Wednesday complaint is due the Wednesday after.
    expect(dueDateOf('2026-03-18', new Set(['2026-03-19', '2026-03-20']))).toBe('2026-03-25');
  });

  it('uses the Jakarta day of the arrival, not the UTC one', () => {
    // 2026-03-05 18:00 UTC is Friday 01:00 in Jakarta (Thursday in UTC): due Wednesday 11, not Tuesday 10.
    expect(dueAtOf(new Date('2026-03-05T18:00:00Z'), none).toISOString()).toBe('2026-03-11T16:59:59.999Z');
    expect(dueAtOf(new Date('2026-03-05T16:59:59Z'), none).toISOString()).toBe('2026-03-10T16:59:59.999Z');
  });

  it('the overdue cutoff splits arrivals exactly where the due time passes', () => {
    const holidays = new Set(['2026-03-05']);
    for (const now of ['2026-03-10T17:00:00Z', '2026-03-16T03:00:00Z', '2026-03-14T05:00:00Z', '2026-03-09T16:59:59Z']) {
      const at = new Date(now);
      const cutoff = overdueCutoff(at, holidays);
      // Every hour over three weeks: overdue by the cutoff ⇔ overdue by its own due time.
      for (let t = Date.parse('2026-02-20T00:00:00Z'); t < at.getTime(); t += 60 * 60 * 1000) {
        const arrival = new Date(t);
        expect(arrival < cutoff, `${now} ${arrival.toISOString()}`).toBe(at > dueAtOf(arrival, holidays));
      }
    }
  });
});
