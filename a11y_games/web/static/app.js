// The page of a11y-games: a log that only grows and one text field. Every line comes
// from the server's client (the same as the terminal's) and is inserted as text, never as
// HTML. New lines are announced once by the log (a live region); urgent ones interrupt.
'use strict';
(() => {
  const MAX_LINES = 1000;   // the page keeps the last lines; `log` has the whole history
  const MAX_RECALL = 100;   // lines typed that Up and Down bring back
  const $ = (id) => document.getElementById(id);
  const log = $('log'), field = $('command'), form = $('entry'), promptEl = $('prompt');
  const statusEl = $('status'), speechBox = $('browser-speech'), soundBox = $('page-sound');
  const store = (() => { try { return window.localStorage; } catch (e) { return null; } })();
  const tabStore = (() => { try { return window.sessionStorage; } catch (e) { return null; } })();
  const get = (s, k) => { try { return s ? s.getItem(k) : null; } catch (e) { return null; } };
  const put = (s, k, v) => { try { if (s) { if (v === null) s.removeItem(k); else s.setItem(k, v); } } catch (e) { /* full */ } };
  const here = location.host;
  const recall = [];
  let recallAt = 0, draft = '', seen = 0, ws = null, ended = false, lost = false;
  let speechOn = false, soundOn = true, audioOk = false;
  let retry = 0;
  let following = true;  // the page follows the newest line until the reader scrolls back

  window.addEventListener('scroll', () => {
    const last = log.lastElementChild;
    following = !last || last.getBoundingClientRect().top < form.getBoundingClientRect().top;
  }, { passive: true });

  function say(text, urgent) {
    if (!speechOn || !('speechSynthesis' in window)) return;
    if (urgent) window.speechSynthesis.cancel();
    const u = new SpeechSynthesisUtterance(text);
    u.lang = document.documentElement.lang;
    window.speechSynthesis.speak(u);
  }

  function trim() {
    while (log.childElementCount > MAX_LINES) log.removeChild(log.firstElementChild);
  }

  function add(tag, text, urgent) {
    // the log's politeness for this burst: an urgent line interrupts, others wait their turn
    if (!speechOn) log.setAttribute('aria-live', urgent ? 'assertive' : 'polite');
    const node = document.createElement(tag);
    node.textContent = text;
    if (urgent) node.className = 'urgent';  // shown in bold too: your turn, a vote, a secret
    log.appendChild(node);
    log.dataset.total = String(Number(log.dataset.total || 0) + 1);  // lines ever shown
    trim();
    // following the newest line, unless the reader scrolled back (the field stays in view)
    if (following) {
      const hidden = node.getBoundingClientRect().bottom - form.getBoundingClientRect().top;
      if (hidden > 0) window.scrollBy(0, hidden + 4);
    }
    say(text, urgent);
  }

  function playCue(name, volume) {
    if (!soundOn || !audioOk || !/^[a-z_]+$/.test(name)) return;
    const audio = new Audio('sounds/' + name + '.wav');
    audio.volume = Math.max(0, Math.min(1, volume / 100));
    audio.play().catch(() => {});
  }

  function send(message) {
    if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify(message)); return true; }
    return false;
  }

  function receive(m) {
    switch (m.t) {
      case 'lines':
        for (const line of m.lines) {
          if (line.seq <= seen) continue;
          seen = line.seq;
          add(line.heading ? 'h3' : 'p', line.text, m.urgent && !line.heading);
        }
        break;
      case 'prompt':
        promptEl.textContent = m.text;
        // a password: hidden as typed, never recalled by Up (the field stays focused)
        field.type = m.secret ? 'password' : 'text';
        if (m.text.trim()) say(m.text.replace(/>\s*$/, ''), false);
        break;
      case 'cue': playCue(m.name, m.volume); break;
      case 'speech':
        speechOn = !!m.on;
        speechBox.checked = speechOn;
        log.setAttribute('aria-live', speechOn ? 'off' : 'polite');  // never two voices
        if (!speechOn && 'speechSynthesis' in window) window.speechSynthesis.cancel();
        break;
      case 'sound':
        soundOn = !!m.on;
        soundBox.checked = soundOn;
        break;
      case 'silence': if ('speechSynthesis' in window) window.speechSynthesis.cancel(); break;
      case 'download': {  // a BRF document or a game's record: a link in the log, never followed by itself
        const link = document.createElement('a');
        link.href = URL.createObjectURL(new Blob([m.text], { type: m.type || 'application/x-brf' }));
        link.download = m.name;
        link.textContent = m.label;
        const line = document.createElement('p');
        line.appendChild(link);
        log.appendChild(line);
        log.dataset.total = String(Number(log.dataset.total || 0) + 1);
        trim();
        break;
      }
      case 'keep': put(store, m.key + ':' + here, m.value); break;
      case 'session':  // another player than before (the server restarted): lines from 1
        if (m.id !== get(tabStore, 'session:' + here)) seen = 0;
        put(tabStore, 'session:' + here, m.id);
        break;
      case 'status': statusEl.textContent = m.text; break;
      case 'lang':  // the game's language: the screen reader reads the log in its voice
        log.lang = m.lang;
        field.lang = m.lang;
        break;
      case 'end':
        ended = true;
        add('p', statusEl.dataset.ended, false);
        put(tabStore, 'session:' + here, null);
        break;
      default: break;
    }
  }

  function hello() {
    let prefs = {};
    try { prefs = JSON.parse(get(store, 'prefs:' + here) || '{}'); } catch (e) { prefs = {}; }
    send({ t: 'hello', lang: navigator.language || 'en', prefs: prefs,
           session: get(tabStore, 'session:' + here), seen: seen,
           seat: get(store, 'seat:' + here), login: get(store, 'login:' + here) });
  }

  function connect() {
    const url = new URL('web', location.href);  // beside the page, whatever its path
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    url.search = '';
    ws = new WebSocket(url.href);
    ws.onopen = () => {
      retry = 0;
      if (lost) { add('p', statusEl.dataset.back, true); lost = false; }
      statusEl.textContent = statusEl.dataset.connected;
      hello();
    };
    ws.onmessage = (event) => {
      try { receive(JSON.parse(event.data)); } catch (e) { /* a frame of another version */ }
    };
    ws.onclose = (event) => {
      ws = null;
      if (ended) { statusEl.textContent = statusEl.dataset.ended; return; }
      // refused by the server's limits (too many from this address, the server full)
      const refused = event.code === 1008 || event.code === 1013;
      const said = event.code === 4008 ? statusEl.dataset.flood  // lines typed too fast
        : refused ? statusEl.dataset.refused : statusEl.dataset.lost;
      if (!lost) { add('p', said, true); lost = true; }
      statusEl.textContent = said;
      retry = Math.min(retry + 1, 5);
      window.setTimeout(connect, 500 * retry);  // back by itself; the seat waits meanwhile
    };
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = field.value;
    if (ended) { ended = false; seen = 0; connect(); field.value = ''; return; }
    if (!send({ t: 'line', text: text })) return;  // kept in the field until sent
    if (field.type !== 'password' && text.trim() && recall[recall.length - 1] !== text) {
      recall.push(text);
      if (recall.length > MAX_RECALL) recall.shift();
    }
    recallAt = recall.length;
    draft = '';
    field.value = '';
  });

  field.addEventListener('keydown', (event) => {
    audioOk = true;  // browsers play sound only after a key press
    if ('speechSynthesis' in window && speechOn && event.key !== 'Shift') window.speechSynthesis.cancel();
    if (event.key === 'ArrowUp' && recall.length) {
      if (recallAt === recall.length) draft = field.value;
      recallAt = Math.max(0, recallAt - 1);
      field.value = recall[recallAt];
      event.preventDefault();
    } else if (event.key === 'ArrowDown' && recall.length) {
      recallAt = Math.min(recall.length, recallAt + 1);
      field.value = recallAt === recall.length ? draft : recall[recallAt];
      event.preventDefault();
    } else if (event.key === 'Escape') {
      field.value = '';
      recallAt = recall.length;
      event.preventDefault();
    }
  });

  speechBox.addEventListener('change', () => {
    send({ t: 'line', text: speechBox.checked ? 'speech on' : 'speech off' });
  });
  soundBox.addEventListener('change', () => {
    audioOk = true;
    send({ t: 'line', text: soundBox.checked ? 'sound on' : 'sound off' });
  });
  field.addEventListener('focus', () => field.scrollIntoView({ block: 'nearest' }));

  connect();
})();
