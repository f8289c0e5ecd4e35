// dialogs/settings.js, its logic without the dialog: which switches it draws and where, from
// the settings the server declares (tests/e2e/test_settings.py sees the dialog in Chromium).

import assert from "node:assert/strict";
import { test } from "node:test";

import { switchGroups } from "../../../src/solitaire/web/static/dialogs/settings.js";

// As the server's PlayerSettings declares them (boot data `defaults`), in its own order.
const DEFAULTS = {
  double_click: true,
  auto_placement: false,
  placement_help: true,
  interactive_rules: true,
  language: "en",
  simple_simon_suits: 1,
  hints: false,
  winnable_only: false,
  auto_finish: false,
  pick_and_place: false,
  one_tap_moves: false,
  keyboard_shortcuts: true,
  theme: "system",
  card_back: "blue",
  large_print: false,
  four_colour: false,
  left_handed: false,
  show_clock: true,
  sounds: false,
  animations: "normal",
  no_move_notice: false,
  winnable_light: false,
};

test("the switches are the declared true/false settings, grouped, in the board's order", () => {
  const { play, looks } = switchGroups(DEFAULTS);
  assert.deepEqual(looks, ["large_print", "four_colour", "left_handed"]);
  assert.deepEqual(play.slice(0, 3), ["double_click", "one_tap_moves", "pick_and_place"]);
  // The winnable light sits beside hints; the choices and New game's checkbox are not switches.
  assert.equal(play.indexOf("winnable_light"), play.indexOf("hints") + 1);
  for (const name of ["theme", "card_back", "animations", "language", "winnable_only", "simple_simon_suits"]) {
    assert.ok(!play.includes(name) && !looks.includes(name), name);
  }
  const booleans = Object.keys(DEFAULTS).filter((name) => typeof DEFAULTS[name] === "boolean");
  assert.deepEqual([...play, ...looks].sort(), booleans.filter((name) => name !== "winnable_only").sort());
});

test("a new setting is never left out, and one the server does not declare is not drawn", () => {
  const { winnable_light, sounds, ...older } = DEFAULTS;
  const { play } = switchGroups({ ...older, brand_new: false });
  assert.equal(play.at(-1), "brand_new");
  assert.ok(!play.includes("winnable_light") && !play.includes("sounds"));
});
