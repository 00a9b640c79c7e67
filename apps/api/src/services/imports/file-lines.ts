// What a file reader hands on (ADR 028): the lines of the file one at a time, so the caller counts
// while reading and can stop early (the row cap, a missing column).

/** A line of the file: its number (the heading is line 1) and its cells as text. */
export type Line = { number: number; cells: string[] };

/** Takes a line; `stop` ends the reading there. */
export type LineSink = (line: Line) => 'more' | 'stop';

export type ReadOutcome = { kind: 'read' } | { kind: 'refused'; message: string } | { kind: 'unreadable' };
