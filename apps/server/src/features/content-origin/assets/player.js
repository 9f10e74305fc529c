/*
 * SCORM player on the content origin (ARCHITECTURE section 6). Plain browser script, no build step, no inline code:
 * the player page's CSP allows only scripts from this origin.
 *
 * For every SCO it creates a fresh scorm-again API (window.API for 1.2, window.API_1484_11 for 2004), loads the saved
 * CMI data into it, and only then frames the SCO. Commits go to /runtime/<token>/commit: autocommit a few seconds
 * after each change by synchronous XHR, and the terminate commit (which SCOs send from their unload handlers, where
 * synchronous XHR is refused) by sendBeacon. The beacon queue holds 64 KiB, so the autocommits keep the server close
 * to current and the last beacon carries little that is new; a commit too big for a beacon relies on them.
 */
(function () {
  'use strict';

  var TEXT = {
    de: {
      contents: 'Inhalt',
      previous: 'Zurück',
      next: 'Weiter',
      closed: 'Sie haben das Modul verlassen. Wählen Sie einen Eintrag, um weiterzumachen.',
      finished: 'Das Modul ist beendet.',
      expired: 'Die Sitzung ist abgelaufen. Bitte öffnen Sie das Modul erneut.',
      failed: 'Das Modul konnte nicht geladen werden.',
    },
    en: {
      contents: 'Contents',
      previous: 'Previous',
      next: 'Next',
      closed: 'You have left the module. Choose an entry to continue.',
      finished: 'The module has ended.',
      expired: 'The session has expired. Please open the module again.',
      failed: 'The module could not be loaded.',
    },
    fr: {
      contents: 'Sommaire',
      previous: 'Précédent',
      next: 'Suivant',
      closed: 'Vous avez quitté le module. Choisissez une entrée pour continuer.',
      finished: 'Le module est terminé.',
      expired: 'La session a expiré. Veuillez rouvrir le module.',
      failed: 'Le module n’a pas pu être chargé.',
    },
  };
  var BEACON_MAX_BYTES = 60000;
  var AUTOCOMMIT_SECONDS = 3;
  var BEACON_SETTLE_MS = 400;

  var token = location.pathname.split('/')[2] || '';
  var runtimeBase = '/runtime/' + token;
  var contentBase = '/content/' + token + '/';
  var el = {
    toc: document.getElementById('toc'),
    bar: document.getElementById('bar'),
    prev: document.getElementById('prev'),
    next: document.getElementById('next'),
    title: document.getElementById('item-title'),
    message: document.getElementById('message'),
    frame: document.getElementById('sco'),
  };

  var t = TEXT.de;
  var state = null;
  var current = null;
  var api = null;
  var seq = 0;
  var instances = 0;
  var switching = false;
  var dismissing = false;

  function ExpiredError() {}

  function getJson(url) {
    return fetch(url, { credentials: 'omit', cache: 'no-store' }).then(function (res) {
      if (res.status === 401) throw new ExpiredError();
      if (!res.ok) throw new Error('HTTP ' + res.status);
      return res.json();
    });
  }

  function showMessage(text) {
    el.message.textContent = text;
    el.message.hidden = !text;
  }

  function fail(err) {
    showMessage(err instanceof ExpiredError ? t.expired : t.failed);
    if (err instanceof ExpiredError) el.frame.hidden = true;
  }

  function is12() {
    return state.version === 'scorm12';
  }

  function generalError() {
    return is12() ? 101 : 391;
  }

  function launchableAt(index) {
    return state.launchables[index] || null;
  }

  function indexOf(itemId) {
    for (var i = 0; i < state.launchables.length; i++) if (state.launchables[i].itemId === itemId) return i;
    return -1;
  }

  function hrefOf(launchable) {
    return /^https?:\/\//i.test(launchable.href) ? launchable.href : contentBase + launchable.href;
  }

  function byteLength(text) {
    return new Blob([text]).size;
  }

  /*
   * Tells the app page around the player that the server has (or is about to have) a commit, so it reads the
   * module's status again at once instead of on the next visit (issue 32 "finishing"). The message carries no data
   * (the app reads the status from its own API with its own session), so any target origin may see it.
   */
  function tellApp(event) {
    if (window.parent === window) return;
    try {
      window.parent.postMessage({ lms: 'player', event: event }, '*');
    } catch (e) {
      /* a parent that went away */
    }
  }

  function noteStatus(itemId, status) {
    var i = indexOf(itemId);
    if (i < 0 || !status || state.launchables[i].status === status) return;
    state.launchables[i].status = status;
    renderToc();
  }

  function readResult(xhr, itemId) {
    if (xhr.status === 401) fail(new ExpiredError());
    var body = null;
    try {
      body = JSON.parse(xhr.responseText);
    } catch (e) {
      body = null;
    }
    if (body && typeof body.errorCode === 'number') {
      if (xhr.status === 200) noteStatus(itemId, body.itemStatus);
      return { result: body.result === 'true' ? 'true' : 'false', errorCode: body.errorCode };
    }
    return xhr.status === 200 ? { result: 'true', errorCode: 0 } : { result: 'false', errorCode: generalError() };
  }

  /* Synchronous, as SCORM wants commits: the SCO learns the result. Answers null when the browser refuses it. */
  function postSync(url, body, itemId) {
    var xhr = new XMLHttpRequest();
    try {
      xhr.open('POST', url, false);
      xhr.setRequestHeader('Content-Type', 'application/json');
      xhr.send(body);
    } catch (e) {
      return null;
    }
    var result = readResult(xhr, itemId);
    tellApp('commit');
    return result;
  }

  var lastBeaconAt = 0;

  function sendBeacon(url, body) {
    if (!navigator.sendBeacon || byteLength(body) > BEACON_MAX_BYTES) return false;
    var queued = navigator.sendBeacon(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }));
    if (queued) {
      lastBeaconAt = Date.now();
      tellApp('beacon');
    }
    return queued;
  }

  /* scorm-again's IHttpService. The page-wide sequence number lets the server refuse stale commits. */
  function httpService(itemId, instance) {
    return {
      processHttpRequest: function (url, params, immediate) {
        seq += 1;
        var body = JSON.stringify({
          session: state.session,
          seq: seq,
          instance: instance,
          itemId: itemId,
          cmi: params && params.cmi ? params.cmi : undefined,
          terminate: !!immediate,
        });
        // Terminate commits and anything while the page goes away travel as a beacon: browsers refuse synchronous
        // XHR in unload handlers, which is where SCOs terminate. A refused XHR falls back to a beacon too.
        if ((immediate || dismissing) && sendBeacon(url, body)) return { result: 'true', errorCode: 0 };
        var result = postSync(url, body, itemId);
        if (result) return result;
        return sendBeacon(url, body)
          ? { result: 'true', errorCode: 0 }
          : { result: 'false', errorCode: generalError() };
      },
      updateSettings: function () {},
    };
  }

  function uninstallApi() {
    if (api && api.isInitialized() && !api.isTerminated()) {
      // The SCO left without finishing: end its session so its time and data are kept.
      if (is12()) api.LMSFinish('');
      else api.Terminate('');
    }
    api = null;
    window.API = undefined;
    window.API_1484_11 = undefined;
  }

  function installApi(itemId, cmi) {
    instances += 1;
    var settings = {
      autocommit: true,
      autocommitSeconds: AUTOCOMMIT_SECONDS,
      lmsCommitUrl: runtimeBase + '/commit',
      logLevel: 4,
      httpService: httpService(itemId, instances),
    };
    var created = is12() ? new window.Scorm12API(settings) : new window.Scorm2004API(settings);
    created.loadFromJSON(cmi, '');
    created.on(is12() ? 'LMSFinish' : 'Terminate', function () {
      // scorm-again resets adl.nav.request once Terminate returns, so it is read here, in the event.
      var nav = created.adl && created.adl.nav ? String(created.adl.nav.request || '_none_') : '_none_';
      window.setTimeout(function () {
        afterTerminate(created, nav);
      }, 0);
    });
    api = created;
    if (is12()) window.API = created;
    else window.API_1484_11 = created;
  }

  /* SCORM 2004 navigation requests a SCO may leave behind (adl.nav.request): continue, previous, choice. */
  function afterTerminate(terminated, request) {
    if (terminated !== api || switching || dismissing || is12()) return;
    var choice = /^\{target=([^}]+)\}(choice|jump)$/.exec(request);
    var at = indexOf(current);
    if (request === 'continue') {
      if (launchableAt(at + 1)) open(launchableAt(at + 1).itemId);
      else closeContent(t.finished);
    } else if (request === 'previous') {
      if (launchableAt(at - 1)) open(launchableAt(at - 1).itemId);
    } else if (choice && indexOf(choice[1]) >= 0) {
      open(choice[1]);
    } else if (request !== '_none_') {
      closeContent(request === 'exitAll' || request === 'suspendAll' ? t.closed : t.finished);
    }
  }

  /* Unframes the current SCO and waits until its page (and its unload handlers) are gone. */
  function leaveCurrent() {
    if (!current) return Promise.resolve();
    return new Promise(function (resolve) {
      switching = true;
      var settled = false;
      var done = function () {
        if (settled) return;
        settled = true;
        el.frame.removeEventListener('load', done);
        uninstallApi();
        switching = false;
        resolve();
      };
      el.frame.addEventListener('load', done);
      window.setTimeout(done, 2000);
      el.frame.src = 'about:blank';
    });
  }

  /* A SCO's last commit may still be a beacon in flight; reading its data back waits a moment for it. */
  function settleBeacons() {
    var wait = lastBeaconAt + BEACON_SETTLE_MS - Date.now();
    return new Promise(function (resolve) {
      window.setTimeout(resolve, Math.max(0, wait));
    });
  }

  function closeContent(text) {
    leaveCurrent().then(function () {
      current = null;
      updateNav();
      showMessage(text);
    });
  }

  function commitOpened(itemId) {
    instances += 1;
    seq += 1;
    var body = JSON.stringify({ session: state.session, seq: seq, instance: instances, itemId: itemId });
    fetch(runtimeBase + '/commit', {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json' },
      body: body,
    })
      .then(function (res) {
        return res.ok ? res.json() : null;
      })
      .then(function (result) {
        if (result) noteStatus(itemId, result.itemStatus);
        tellApp('commit');
      })
      .catch(function () {});
  }

  function open(itemId) {
    var launchable = launchableAt(indexOf(itemId));
    if (!launchable) return Promise.resolve();
    showMessage('');
    return leaveCurrent()
      .then(settleBeacons)
      .then(function () {
        return getJson(runtimeBase + '/data?item=' + encodeURIComponent(itemId));
      })
      .then(function (data) {
        current = itemId;
        if (state.kind === 'scorm' && launchable.scormType === 'sco') installApi(itemId, data.cmi);
        else commitOpened(itemId);
        updateNav();
        el.frame.hidden = false;
        el.frame.src = hrefOf(launchable);
      })
      .catch(fail);
  }

  function updateNav() {
    var at = indexOf(current);
    el.prev.disabled = at <= 0;
    el.next.disabled = at < 0 || at >= state.launchables.length - 1;
    el.title.textContent = at >= 0 ? state.launchables[at].title : '';
    renderToc();
  }

  function renderItems(items) {
    var list = document.createElement('ul');
    items.forEach(function (item) {
      var li = document.createElement('li');
      var node;
      if (item.launchable) {
        node = document.createElement('button');
        node.type = 'button';
        node.setAttribute('data-item', item.id);
        if (item.id === current) node.setAttribute('aria-current', 'true');
        var launchable = launchableAt(indexOf(item.id));
        if (launchable && launchable.status === 'COMPLETED') node.className = 'done';
        node.addEventListener('click', function () {
          open(item.id);
        });
      } else {
        node = document.createElement('span');
        node.className = 'toc-label';
      }
      node.textContent = item.title;
      li.appendChild(node);
      if (item.children.length > 0) li.appendChild(renderItems(item.children));
      list.appendChild(li);
    });
    return list;
  }

  /* A table of contents and next/previous only where there is more than one thing to open. */
  function renderToc() {
    var multi = state.launchables.length > 1;
    el.toc.hidden = !multi;
    el.bar.hidden = !multi;
    if (!multi) return;
    var heading = document.createElement('h2');
    heading.textContent = t.contents;
    el.toc.replaceChildren(heading, renderItems(state.toc));
  }

  function start(loaded) {
    state = loaded;
    t = TEXT[String(state.locale).slice(0, 2)] || TEXT.en;
    el.toc.setAttribute('aria-label', t.contents);
    el.prev.textContent = t.previous;
    el.next.textContent = t.next;
    el.prev.addEventListener('click', function () {
      var target = launchableAt(indexOf(current) - 1);
      if (target) open(target.itemId);
    });
    el.next.addEventListener('click', function () {
      var target = launchableAt(indexOf(current) + 1);
      if (target) open(target.itemId);
    });
    window.addEventListener('pagehide', function () {
      dismissing = true;
      // Children unload first, so a SCO that finishes on unload has already done so; this catches the rest.
      if (api && api.isInitialized() && !api.isTerminated()) {
        if (is12()) api.LMSCommit('');
        else api.Commit('');
      }
    });
    open(state.startItemId);
  }

  getJson(runtimeBase + '/state').then(start, fail);
})();
