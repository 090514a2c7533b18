import { describe, expect, it } from 'vitest';
import { statementNamer } from './postgres';

describe('statementNamer', () => {
  it('names a text from its third run on, always with the same name, and different texts differently', () => {
    const nameOf = statementNamer(10, 3);
    expect([nameOf('SELECT $1'), nameOf('SELECT $1')]).toEqual([undefined, undefined]);
    const name = nameOf('SELECT $1');
    expect(name).toBeDefined();
    expect(nameOf('SELECT $1')).toBe(name);
    for (let run = 0; run < 3; run++) nameOf('SELECT $2');
    expect(nameOf('SELECT $2')).not.toBe(name);
  });

  it('stops naming new texts at its limit and keeps the names it gave', () => {
    const nameOf = statementNamer(2, 1);
    const [first, second] = [nameOf('a'), nameOf('b')];
    expect(nameOf('c')).toBeUndefined();
    expect([nameOf('a'), nameOf('b')]).toEqual([first, second]);
  });
});
