import { describe, expect, it } from 'vitest';
import { decodeWindows1252 } from './windows-1252';

describe('Windows-1252', () => {
  it('decodes 0x80-0x9F as the WHATWG Encoding Standard does, not as ISO-8859-1 (nodejs/node#60888)', () => {
    const high = Buffer.from(Array.from({ length: 32 }, (_, i) => 0x80 + i));
    expect(decodeWindows1252(high)).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ');
  });

  it('decodes every other byte as the same code point', () => {
    const rest = Array.from({ length: 256 }, (_, i) => i).filter((i) => i < 0x80 || i > 0x9f);
    expect([...decodeWindows1252(Buffer.from(rest))].map((c) => c.codePointAt(0))).toEqual(rest);
  });

  it('decodes a slice of a larger buffer without its neighbours', () => {
    const bytes = Buffer.from([0x41, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x92, 0x42]);
    expect(decodeWindows1252(bytes.subarray(1, 8))).toBe('Müller’');
  });
});
