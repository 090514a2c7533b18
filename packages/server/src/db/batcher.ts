/**
 * One round trip for the calls that arrive together (ADR 0027). `run` takes the inputs of every call that arrived
 * while the previous run was in flight, in arrival order, and gives one result per input. An idle batcher runs at
 * once, so a lone call waits for nothing; under load a round trip takes milliseconds and the calls of those
 * milliseconds share the next one. Each call's run starts after the call was made, so a statement in it sees
 * every commit made before the call — what a statement of its own would see.
 *
 * A result that is an `Error` rejects its call alone; `run` rejecting rejects every call of its batch.
 */
export function batcher<In, Out>(run: (inputs: readonly In[]) => Promise<readonly (Out | Error)[]>) {
  type Waiting = { input: In; resolve: (result: Out) => void; reject: (error: unknown) => void };
  let queued: Waiting[] = [];
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      try {
        const results = await run(batch.map((waiting) => waiting.input));
        batch.forEach((waiting, index) => {
          const result = results[index];
          if (result instanceof Error) waiting.reject(result);
          else waiting.resolve(result as Out);
        });
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    running = false;
  }

  return (input: In): Promise<Out> =>
    new Promise<Out>((resolve, reject) => {
      queued.push({ input, resolve, reject });
      if (!running) void drain();
    });
}
