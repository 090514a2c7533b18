import { describe, expect, it } from 'vitest';
import { batcher } from './batcher';

/** A run that records its inputs and finishes when the test says so. */
function controlledRun() {
  const runs: { inputs: readonly number[]; finish: () => void; fail: (error: Error) => void }[] = [];
  const run = (inputs: readonly number[]) =>
    new Promise<readonly number[]>((resolve, reject) => {
      runs.push({ inputs, finish: () => resolve(inputs.map((input) => input * 10)), fail: reject });
    });
  const nth = (index: number) => {
    const found = runs[index];
    if (!found) throw new Error(`no run ${index} yet`);
    return found;
  };
  return { runs, nth, call: batcher(run) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('batcher', () => {
  it('runs a lone call at once, and the calls made during a run together in the next one, in order', async () => {
    const { runs, nth, call } = controlledRun();
    const first = call(1);
    expect(runs.map((run) => run.inputs)).toEqual([[1]]);
    const later = [call(2), call(3), call(4)];
    await settle();
    // Not added to the run in flight: its statement may have started before these calls were made.
    expect(runs.map((run) => run.inputs)).toEqual([[1]]);
    nth(0).finish();
    expect(await first).toBe(10);
    await settle();
    expect(runs.map((run) => run.inputs)).toEqual([[1], [2, 3, 4]]);
    nth(1).finish();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    // Idle again: the next call runs at once.
    const alone = call(5);
    expect(runs).toHaveLength(3);
    nth(2).finish();
    expect(await alone).toBe(50);
  });

  it('runs each input of a failed batch again alone, so only the one that cannot be served fails', async () => {
    const { runs, nth, call } = controlledRun();
    const first = call(1);
    const batch = [call(2), call(3)];
    nth(0).fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settle();
    expect(runs.map((run) => run.inputs)).toEqual([[1], [2, 3]]);
    nth(1).fail(new Error('no such account: 3'));
    await settle();
    expect(runs.map((run) => run.inputs)).toEqual([[1], [2, 3], [2]]);
    nth(2).finish();
    await settle();
    expect(runs.map((run) => run.inputs)).toEqual([[1], [2, 3], [2], [3]]);
    nth(3).fail(new Error('no such account: 3'));
    const [two, three] = await Promise.allSettled(batch);
    expect(two).toEqual({ status: 'fulfilled', value: 20 });
    expect(three).toMatchObject({ status: 'rejected', reason: new Error('no such account: 3') });
    // Still working after failures.
    const after = call(4);
    await settle();
    nth(4).finish();
    expect(await after).toBe(40);
  });
});
