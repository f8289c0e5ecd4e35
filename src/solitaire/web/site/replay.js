// The replay widget of the examples page: a small board that steps through a real game the
// server replayed with the engine (JSON in <script id="replay-data">), with start, back,
// play/pause and step controls and a move counter. It draws each step's view with the
// board's own renderBoard, so the cards look as in a game; it decides nothing itself. Its
// words are the catalog's site.replay_* messages, in the page's language.
//
//   mountReplays(document)  →  fills every <div data-replay="simple-simon"> on the page

import { animateFrom, snapshotCards } from "../static/anim.js";
import { loadMessages, t } from "../static/i18n.js";
import { renderBoard } from "../static/render.js";
import { describeTable, moveInWords } from "../static/speech.js";

const PLAY_STEP_MS = 650;

// Drawn, not typed: not every phone font has ⏮ or ⏸.
const ICONS = {
  start: '<path d="M6 5v14"/><path d="M18 5 9 12l9 7z"/>',
  back: '<path d="M15 5 8 12l7 7"/>',
  play: '<path d="M7 4v16l13-8z"/>',
  pause: '<path d="M8 5v14M16 5v14"/>',
  step: '<path d="M9 5l7 7-7 7"/>',
};

function icon(name) {
  return `<svg aria-hidden="true" viewBox="0 0 24 24">${ICONS[name]}</svg>`;
}

function button(action, label) {
  const element = document.createElement("button");
  element.type = "button";
  element.dataset.replayAction = action;
  element.innerHTML = icon(action);
  element.setAttribute("aria-label", label);
  element.title = label;
  return element;
}

function stat(label, key) {
  const element = document.createElement("span");
  element.append(`${label} `);
  const value = document.createElement("strong");
  value.dataset[key] = "";
  element.append(value);
  return { element, value };
}

class Replay {
  constructor(root, replay) {
    this.root = root;
    this.steps = replay.steps;
    this.code = replay.code;
    this.index = 0;
    this.timer = 0;
    this.build();
    this.show({ animate: false });
  }

  build() {
    const table = document.createElement("div");
    table.className = "replay-table";
    this.board = document.createElement("div");
    this.board.className = "board";
    this.board.setAttribute("role", "img");
    this.board.setAttribute("aria-label", t("site.replay_label"));
    // The table in words, for a screen reader: every pile and its cards, at each step.
    this.words = document.createElement("p");
    this.words.className = "visually-hidden";
    this.words.id = `replay-words-${this.root.dataset.replay}`;
    this.board.setAttribute("aria-describedby", this.words.id);
    table.append(this.board, this.words);

    const bar = document.createElement("div");
    bar.className = "replay-bar";
    const buttons = document.createElement("div");
    buttons.className = "replay-buttons";
    this.startButton = button("start", t("site.replay_start"));
    this.backButton = button("back", t("site.replay_back"));
    this.playButton = button("play", t("site.replay_play"));
    this.stepButton = button("step", t("site.replay_step"));
    buttons.append(this.startButton, this.backButton, this.playButton, this.stepButton);
    this.counter = document.createElement("span");
    this.counter.className = "replay-counter";
    this.counter.dataset.replayCounter = "";
    const stats = document.createElement("span");
    stats.className = "replay-stats";
    const score = stat(t("site.replay_score"), "replayScore");
    const moves = stat(t("site.replay_moves"), "replayMoves");
    this.score = score.value;
    this.moves = moves.value;
    stats.append(score.element, moves.element);
    bar.append(buttons, this.counter, stats);

    this.caption = document.createElement("p");
    this.caption.className = "replay-caption";
    this.caption.dataset.replayCaption = "";
    this.caption.setAttribute("aria-live", "polite");

    this.root.replaceChildren(table, bar, this.caption);
    bar.addEventListener("click", (event) => {
      const action = event.target.closest("[data-replay-action]")?.dataset.replayAction;
      if (action === "start") this.go(0);
      else if (action === "back") this.go(this.index - 1);
      else if (action === "step") this.go(this.index + 1);
      else if (action === "play") this.toggle();
    });
    this.root.addEventListener("keydown", (event) => {
      if (event.key === "ArrowRight") this.go(this.index + 1);
      else if (event.key === "ArrowLeft") this.go(this.index - 1);
      else return;
      event.preventDefault();
    });
    new ResizeObserver(() => this.redrawIfResized()).observe(this.board);
  }

  get last() {
    return this.steps.length - 1;
  }

  // A button pressed by hand stops the playing.
  go(index, { fromTimer = false } = {}) {
    if (!fromTimer) this.pause();
    const next = Math.max(0, Math.min(this.last, index));
    if (next === this.index) return;
    const animate = Math.abs(next - this.index) === 1;
    this.index = next;
    this.show({ animate });
  }

  toggle() {
    if (this.timer) {
      this.pause();
      return;
    }
    if (this.index === this.last) this.go(0);
    this.timer = window.setInterval(() => {
      this.go(this.index + 1, { fromTimer: true });
      if (this.index === this.last) this.pause();
    }, PLAY_STEP_MS);
    this.root.dataset.playing = "true";
    this.updateButtons();
  }

  pause() {
    if (!this.timer) return;
    window.clearInterval(this.timer);
    this.timer = 0;
    delete this.root.dataset.playing;
    this.updateButtons();
  }

  updateButtons() {
    const playing = Boolean(this.timer);
    this.startButton.disabled = this.index === 0;
    this.backButton.disabled = this.index === 0;
    this.stepButton.disabled = this.index === this.last;
    this.playButton.innerHTML = icon(playing ? "pause" : "play");
    const label = playing ? t("site.replay_pause") : t("site.replay_play");
    this.playButton.setAttribute("aria-label", label);
    this.playButton.title = label;
  }

  redrawIfResized() {
    const size = `${this.board.clientWidth}x${this.board.clientHeight}`;
    if (this.board.dataset.size !== size) renderBoard(this.board, this.steps[this.index].view);
  }

  show({ animate }) {
    const step = this.steps[this.index];
    const view = step.view;
    const before = animate ? snapshotCards(this.board) : null;
    this.root.dataset.game = view.game;
    renderBoard(this.board, view);
    if (before) animateFrom(this.board, before);
    this.root.dataset.step = String(this.index);
    this.root.toggleAttribute("data-at-end", this.index === this.last);
    this.counter.textContent = t("site.replay_counter", { step: this.index, total: this.last });
    this.words.textContent = describeTable(view);
    this.score.textContent = view.score_text;
    this.moves.textContent = String(view.moves);
    let kind = "move";
    let caption;
    const previous = this.steps[this.index - 1]?.view ?? null;
    if (step.reminder) {
      kind = "refused";
      caption = t("site.replay_refused", { move: moveInWords(step.move, previous, view), reminder: step.reminder });
    } else if (view.won) {
      kind = "won";
      caption = t("site.replay_won", { moves: view.moves, score: view.score_text });
    } else if (step.move === null) {
      kind = "start";
      caption = t("site.replay_start_text", { code: this.code });
    } else {
      caption = t("site.replay_move", { move: moveInWords(step.move, previous, view) });
    }
    this.caption.dataset.kind = kind;
    this.caption.textContent = caption;
    this.updateButtons();
  }
}

export async function mountReplays(root = document) {
  const source = root.getElementById("replay-data");
  if (!source) return;
  const { replays } = JSON.parse(source.textContent);
  // The cards' accessible names ("Queen of hearts") come from the message catalog.
  await loadMessages(document.documentElement.lang);
  for (const element of root.querySelectorAll("[data-replay]")) {
    const replay = replays[element.dataset.replay];
    if (!replay) continue;
    new Replay(element, replay);
  }
}
