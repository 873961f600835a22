import { styleText } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  byCodeEntries,
  compareBuckets,
  duration,
  interval,
  mdCell,
  mdTable,
  num,
  percent,
  stepLabel,
  textTable,
  value,
} from './format.ts';

describe('numbers', () => {
  it('formats percentages and intervals', () => {
    expect(percent(0.0667)).toBe('6.7%');
    expect(percent(1)).toBe('100.0%');
    expect(percent(Number.NaN)).toBe('—');
    expect(interval({ low: 0.018, high: 0.2134 })).toBe('[1.8%, 21.3%]');
  });

  it('keeps integers whole and fractions to three significant digits', () => {
    expect([num(4), num(0.93333), num(12.345), num(0.00012), num(1234.56)]).toEqual([
      '4',
      '0.933',
      '12.3',
      '0.00012',
      '1234.6',
    ]);
  });

  it('formats durations from milliseconds to hours', () => {
    expect([duration(850), duration(12_400), duration(125_000), duration(3_720_000)]).toEqual([
      '850 ms',
      '12.4 s',
      '2m 05s',
      '1h 02m',
    ]);
    expect(duration(-1)).toBe('—');
  });
});

describe('labels', () => {
  it('labels steps, the time before the first step, and missing steps', () => {
    expect([stepLabel(4), stepLabel(-1), stepLabel(undefined)]).toEqual(['step 4', 'start', '—']);
  });

  it('puts expected and observed data on one line', () => {
    expect(value(undefined)).toBe('—');
    expect(value('supervisor')).toBe('supervisor');
    expect(value({ to: 'supervisor', window: [1, 2] })).toBe('to: supervisor, window: [1,2]');
    expect(value([1, 'a'])).toBe('[1,"a"]');
    expect(value(10n)).toBe('"10"');
  });

  it('orders histogram buckets numerically, other labels last', () => {
    expect(['10+', '10', '2', '0', 'x'].sort(compareBuckets)).toEqual(['0', '2', '10', '10+', 'x']);
  });

  it('orders codes as FINDING_CODES does, unknown codes last', () => {
    const entries = byCodeEntries({ zzz: 1, 'handoff.late': 2, 'handoff.on_time': 3 });
    expect(entries.map(([k]) => k)).toEqual(['handoff.on_time', 'handoff.late', 'zzz']);
  });
});

describe('tables', () => {
  it('aligns columns by visible width, ignoring colour codes', () => {
    const red = styleText('red', 'x', { validateStream: false });
    const lines = textTable(
      [
        [red, 'long cell', '1'],
        ['abc', 'b', '100'],
      ],
      ['left', 'left', 'right'],
    );
    expect(lines.map((l) => l.replaceAll(red, 'x'))).toEqual([
      'x    long cell    1',
      'abc  b          100',
    ]);
  });

  it('escapes pipes, newlines and HTML in Markdown cells', () => {
    expect(mdCell('a | b\r\nc\nd <e> & f')).toBe('a \\| b<br>c<br>d &lt;e&gt; &amp; f');
  });

  it('writes a GFM table with alignment', () => {
    expect(mdTable(['A', 'B'], [['1', 'x|y']], ['left', 'right'])).toBe(
      '| A | B |\n|---|---:|\n| 1 | x\\|y |',
    );
  });
});

describe('compareBuckets', () => {
  it('orders buckets by number, others after them, and ties of value by their text', () => {
    const keys = ['10', '2+', ' 1', '1', '2', 'none', '1.0'];
    const sorted = [...keys].sort(compareBuckets);

    expect(sorted).toEqual([' 1', '1', '1.0', '2', '10', '2+', 'none']);
    expect([...keys].reverse().sort(compareBuckets)).toEqual(sorted);
  });
});
