/**
 * One round trip for the calls that arrive together (ADR 0027). `run` takes the inputs of every call that arrived
 * while the previous run was in flight, in arrival order, and gives one result per input. An idle batcher runs at
 * once, so a lone call waits for nothing; under load a round trip takes milliseconds and the calls of those
 * milliseconds share the next one. Each call's run starts after the call was made, so a statement in it sees
 * every commit made before the call — what a statement of its own would see.
 *
 * When a run of several fails, each of its inputs is run again alone: one input that cannot be served (an account
 * deleted meanwhile) fails its own call, not the calls it happened to arrive with.
 */
export function batcher<In, Out>(run: (inputs: readonly In[]) => Promise<readonly Out[]>) {
  type Waiting = { input: In; resolve: (result: Out) => void; reject: (error: unknown) => void };
  let queued: Waiting[] = [];
  let running = false;

  async function serve(batch: readonly Waiting[]): Promise<void> {
    try {
      const results = await run(batch.map((waiting) => waiting.input));
      batch.forEach((waiting, index) => {
        waiting.resolve(results[index] as Out);
      });
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      else for (const waiting of batch) await serve([waiting]);
    }
  }

  async function drain(): Promise<void> {
    running = true;
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      await serve(batch);
    }
    running = false;
  }

  return (input: In): Promise<Out> =>
    new Promise<Out>((resolve, reject) => {
      queued.push({ input, resolve, reject });
      if (!running) void drain();
    });
}
