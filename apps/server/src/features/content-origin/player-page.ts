import type { TScormVersion } from '@lms/contracts/modules';

// The player page: plain HTML with no inline script (its CSP allows only 'self' scripts). player.js reads the token
// from its own URL and asks /runtime/<token>/state for the rest.

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const PLAYER_ASSETS = {
  'player.js': 'application/javascript; charset=utf-8',
  'player.css': 'text/css; charset=utf-8',
  'scorm12.min.js': 'application/javascript; charset=utf-8',
  'scorm2004.min.js': 'application/javascript; charset=utf-8',
} as const;
export type PlayerAsset = keyof typeof PLAYER_ASSETS;

export const isPlayerAsset = (name: string): name is PlayerAsset => Object.hasOwn(PLAYER_ASSETS, name);

export function renderPlayerPage(opts: { title: string; lang: string; version: TScormVersion | null }): string {
  const runtime = opts.version === 'scorm12' ? 'scorm12.min.js' : opts.version ? 'scorm2004.min.js' : undefined;
  const runtimeTag = runtime ? `\n    <script src="/player/assets/${runtime}" defer></script>` : '';
  return `<!doctype html>
<html lang="${escapeHtml(opts.lang)}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <link rel="icon" href="data:," />
    <title>${escapeHtml(opts.title)}</title>
    <link rel="stylesheet" href="/player/assets/player.css" />${runtimeTag}
    <script src="/player/assets/player.js" defer></script>
  </head>
  <body>
    <div class="player">
      <nav id="toc" class="toc" hidden></nav>
      <main class="stage">
        <div id="bar" class="bar" hidden>
          <button type="button" id="prev" class="nav-button"></button>
          <span id="item-title" class="item-title"></span>
          <button type="button" id="next" class="nav-button"></button>
        </div>
        <p id="message" class="message" role="status" hidden></p>
        <iframe id="sco" class="sco" title="${escapeHtml(opts.title)}" allow="fullscreen"></iframe>
      </main>
    </div>
  </body>
</html>
`;
}
