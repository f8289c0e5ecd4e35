// UI-17, sounds: short tones made here with the Web Audio API (no files, nothing to license)
// for dealing, a card placed, a card turned up, a refusal, a run removed and a win. Only with
// the setting "Sounds" on (off by default: the source is silent); no AudioContext exists
// before the first sound asked for with it on, and none plays while the tab is hidden (a
// page can't read the tab's mute, so a hidden tab is as far as it can tell).
//
//   soundFor(state, before)  →  "deal" | "place" | "turn" | "run" | "win" | null
//   playSound("place");   followSounds(state, before);   // each state drawn

import { saveFrom, settings } from "./settings.js";
import { ui } from "./state.js";

// Each sound: notes of [frequency Hz, start s, length s], its wave and its loudness.
const SOUNDS = {
  deal: { wave: "triangle", gain: 0.12, notes: [[330, 0, 0.05], [392, 0.06, 0.05], [440, 0.12, 0.05], [523, 0.18, 0.07]] },
  place: { wave: "triangle", gain: 0.16, notes: [[520, 0, 0.06]] },
  turn: { wave: "sine", gain: 0.14, notes: [[660, 0, 0.05], [880, 0.05, 0.07]] },
  refusal: { wave: "square", gain: 0.05, notes: [[196, 0, 0.09], [165, 0.1, 0.12]] },
  run: { wave: "sine", gain: 0.14, notes: [[523, 0, 0.08], [659, 0.08, 0.08], [784, 0.16, 0.12]] },
  win: { wave: "sine", gain: 0.16, notes: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.12], [1047, 0.36, 0.3]] },
};

// What a drawn state sounds like, given the one drawn before it.
export function soundFor(state, before) {
  if (!state) return null;
  if (!before || before.id !== state.id) return state.won ? null : "deal";
  if (state.version === before.version) return null;
  if (state.won && !before.won) return "win";
  const last = state.last;
  if (!last) return null;
  if (last.runs_removed > 0) return "run";
  if (last.flips > 0) return "turn";
  return "place";
}

function context() {
  if (!ui.sounds) {
    const Context = window.AudioContext ?? window.webkitAudioContext;
    if (!Context) return null;
    ui.sounds = new Context();
  }
  return ui.sounds;
}

export function playSound(name) {
  const sound = SOUNDS[name];
  if (!sound || !settings().sounds || document.hidden) return;
  const audio = context();
  if (!audio) return;
  if (audio.state === "suspended") audio.resume().catch(() => null);
  const start = audio.currentTime + 0.01;
  for (const [frequency, at, length] of sound.notes) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = sound.wave;
    tone.frequency.value = frequency;
    // A quick rise and an exponential fall: no click at either end.
    volume.gain.setValueAtTime(0.0001, start + at);
    volume.gain.exponentialRampToValueAtTime(sound.gain, start + at + 0.01);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    tone.connect(volume).connect(audio.destination);
    tone.start(start + at);
    tone.stop(start + at + length + 0.02);
  }
}

export function followSounds(state, before) {
  const name = soundFor(state, before);
  if (name) playSound(name);
}

// The board's toggle (`[data-sounds]`, aria-pressed) says whether sounds are on.
export function showSoundsToggle() {
  const toggle = document.querySelector("[data-sounds]");
  if (toggle) toggle.setAttribute("aria-pressed", String(Boolean(settings().sounds)));
}

// The toggle's press: Sounds on or off, saved as the Settings dialog saves it.
export async function toggleSounds(onError) {
  const toggle = document.querySelector("[data-sounds]");
  const error = await saveFrom(toggle, { sounds: !settings().sounds });
  if (error) onError(error.message);
  showSoundsToggle();
  document.dispatchEvent(new CustomEvent("settings-changed"));
}
