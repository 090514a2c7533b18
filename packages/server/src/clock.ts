/** The time every rule reads (code expiry, send limits, session expiry). Tests pass one they can move. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
