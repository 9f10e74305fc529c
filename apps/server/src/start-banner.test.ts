import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner';

describe('startBanner', () => {
  it('names http://localhost:<port> and the generated demo password in a box of plain lines', () => {
    const banner = startBanner({
      port: 3000,
      servesLocalhost: true,
      seeded: { password: 'Demo-abc7', generated: true },
    });
    const lines = banner.trim().split('\n');
    expect(lines.every((line) => line.length === lines[0]?.length)).toBe(true);
    expect(lines[0]).toMatch(/^\+-+\+$/);
    expect(banner).toContain('|  Open http://localhost:3000 ');
    expect(banner).toContain('Demo password: Demo-abc7 ');
    expect(banner).toContain('admin@demo.example');
  });

  it('does not repeat a password the starter chose, and says nothing of demo data when none was seeded', () => {
    const chosen = startBanner({ port: 8080, servesLocalhost: true, seeded: { password: 'secret', generated: false } });
    expect(chosen).not.toContain('secret');
    expect(chosen).toContain('Demo password: the value of LMS_DEMO_PASSWORD');
    const later = startBanner({ port: 8080, servesLocalhost: true });
    expect(later).toContain('Open http://localhost:8080');
    expect(later).not.toMatch(/demo/i);
  });

  it('does not offer localhost when no client lives there', () => {
    const banner = startBanner({ port: 3000, servesLocalhost: false });
    expect(banner).not.toContain('http://localhost');
    expect(banner).toContain('Each client answers on its platform domain, port 3000');
  });
});
