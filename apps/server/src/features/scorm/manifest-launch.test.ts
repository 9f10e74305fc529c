import { describe, expect, it } from 'vitest';
import { appendItemParameters, resolveHref } from './manifest-launch';

describe('resolveHref applies xml:base from manifest, resources and resource in turn', () => {
  it('joins relative bases', () => {
    expect(resolveHref(['course/', 'sco/', 'one/'], 'index.html', 'r')).toEqual({
      url: 'course/sco/one/index.html',
      packagePath: 'course/sco/one/index.html',
    });
  });

  it('lets a base without a trailing slash name a file, as RFC 3986 resolution does', () => {
    expect(resolveHref([undefined, 'course', undefined], 'index.html', 'r').url).toBe('index.html');
  });

  it('skips absent bases and keeps the query of the href', () => {
    expect(resolveHref([undefined, undefined, 'shared/'], 'launch.html?content=playing', 'r')).toEqual({
      url: 'shared/launch.html?content=playing',
      packagePath: 'shared/launch.html',
    });
  });

  it('percent-encodes the URL and decodes the file path', () => {
    expect(resolveHref([], 'my course/page 1.html', 'r')).toEqual({
      url: 'my%20course/page%201.html',
      packagePath: 'my course/page 1.html',
    });
  });

  it('never climbs above the package root', () => {
    expect(resolveHref(['../../'], '../../etc/passwd', 'r').packagePath).toBe('etc/passwd');
  });

  it('keeps an absolute http(s) URL as an external launch', () => {
    expect(resolveHref(['https://cdn.example.com/course/'], 'index.html', 'r')).toEqual({
      url: 'https://cdn.example.com/course/index.html',
      packagePath: null,
    });
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd'])(
    'refuses the script or local scheme %s',
    (href) => {
      expect(() => resolveHref([], href, 'res1')).toThrow(expect.objectContaining({ code: 'manifest_launch_unsafe' }));
    },
  );
});

describe('appendItemParameters follows the SCORM CAM rule for item parameters', () => {
  it.each([
    ['a.html', '?x=1', 'a.html?x=1'],
    ['a.html', 'x=1', 'a.html?x=1'],
    ['a.html', '&x=1', 'a.html?x=1'],
    ['a.html', '??&x=1', 'a.html?x=1'],
    ['a.html?y=2', '?x=1', 'a.html?y=2&x=1'],
    ['a.html?', 'x=1', 'a.html?x=1'],
    ['a.html#top', '?x=1', 'a.html?x=1#top'],
    ['a.html?y=2#top', 'x=1', 'a.html?y=2&x=1#top'],
    ['a.html', '#page3', 'a.html#page3'],
    ['a.html#top', '#page3', 'a.html#top'],
    ['a.html', 'x=1#page3', 'a.html?x=1#page3'],
    ['a.html', '', 'a.html'],
    ['a.html', undefined, 'a.html'],
  ])('%s + %s = %s', (url, parameters, expected) => {
    expect(appendItemParameters(url, parameters)).toBe(expected);
  });
});
